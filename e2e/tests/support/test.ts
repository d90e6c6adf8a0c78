import { test as base, expect, type Page } from "@playwright/test";
import { mainServerOf } from "../../support/main-servers";
import { PHONE_ONLY_TAG } from "../../support/widths";

/**
 * What React says when the browser's first render differs from the server's HTML (development
 * wording, and the production build's minified errors #418–#425): any of it fails the test.
 */
const HYDRATION_PROBLEM = /hydrat|Minified React error #4(18|19|21|22|23|25)\b/i;

/**
 * Every spec imports `test` from here (decision 027): an automatic fixture watches every page of the
 * test's browser context and fails the test on any React hydration warning or error in the console.
 */
export const test = base.extend<{ failOnHydrationProblems: void }>({
  // Each worker's own main server (decision 071); a file may still point at another (test.use).
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern
  baseURL: async ({}, use, testInfo) => use(mainServerOf(testInfo.parallelIndex).url),
  failOnHydrationProblems: [
    async ({ context }, use) => {
      const problems: string[] = [];
      context.on("console", (message) => {
        if (["error", "warning"].includes(message.type()) && HYDRATION_PROBLEM.test(message.text())) {
          problems.push(message.text());
        }
      });
      context.on("weberror", (error) => {
        if (HYDRATION_PROBLEM.test(error.error().message)) problems.push(error.error().message);
      });
      await use();
      expect(problems, "React hydration warnings or errors in the console").toEqual([]);
    },
    { auto: true },
  ],
  // A server-rendered page is painted before the app takes it over: a tap on a button before that
  // waits for the app (decision 033), and a typed value may be read before it. Each goto to such a
  // page waits for the app, as a person would see the page settle; without JavaScript there is
  // nothing to wait for (shell.spec.ts taps early on purpose).
  page: async ({ page, javaScriptEnabled }, use) => {
    const goto = page.goto.bind(page);
    page.goto = async (url, options) => {
      const response = await goto(url, options);
      const rendered = (await page.locator("#tavolo-hydration").count()) > 0;
      if (javaScriptEnabled !== false && rendered) await expectHydrated(page);
      return response;
    };
    await use(page);
  },
});

export { expect };
export type { APIRequestContext, Page } from "@playwright/test";

/**
 * Waits until the app has taken the server-rendered page over (client-app.tsx sets the mark).
 */
export const expectHydrated = (page: Page) => expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");

/**
 * A journey whose steps are the same at both widths, in a file whose screens run at both: the desktop
 * project leaves it out (support/widths.ts, decision 063). `test(title, PHONE_ONLY_TEST, body)`.
 */
export const PHONE_ONLY_TEST = { tag: PHONE_ONLY_TAG } as const;
