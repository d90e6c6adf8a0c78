/**
 * The tag of a journey whose steps are the same at both widths, in a file whose screens run at both
 * (decision 063): tests take it through `PHONE_ONLY_TEST` (tests/support/test.ts), and the desktop
 * project of playwright.config.ts leaves every test carrying it out.
 */
export const PHONE_ONLY_TAG = "@phone-only";
