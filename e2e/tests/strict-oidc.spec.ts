import { expect, test } from "./support/test";
import { expectSignedIn, logOut, uniqueEmail } from "./support/accounts";

// The second server of the run, whose GOOGLE_ISSUER is a standards-strict OpenID provider
// (oidc-provider with its default claim rules: e-mail and name only from UserInfo, no select_account).
test.use({ baseURL: process.env.E2E_STRICT_OIDC_APP_URL });

test("a standards-strict OpenID provider: sign up through its sign-in page, then sign straight back in", async ({
  page,
  isMobile,
}) => {
  const email = uniqueEmail("strict");
  await page.goto("/register");
  await page.getByRole("checkbox", { name: /termini e le condizioni/ }).check();
  await page.getByRole("button", { name: "Registrati con Google" }).click();

  // The provider's own page: the person says who they are and shares e-mail and profile.
  await expect(page.getByRole("heading", { name: "Sign in to the strict OpenID provider" })).toBeVisible();
  expect(new URL(page.url()).searchParams.has("error")).toBe(false);
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("First name").fill("Giulia");
  await page.getByLabel("Last name").fill("Marino");
  await page.getByRole("button", { name: "Sign in and share my profile" }).click();

  await expect(page).toHaveURL(/\/$/);
  await expectSignedIn(page, "Giulia Marino", isMobile);
  const user = await page.evaluate(
    () => JSON.parse(localStorage.getItem("user")!) as { email: string; authProvider: string; emailVerified: boolean },
  );
  expect(user).toMatchObject({ email, authProvider: "google", emailVerified: true });

  // The provider remembers the person and the consent: the next sign-in comes straight back.
  await logOut(page, isMobile);
  await page.goto("/login");
  await page.getByRole("button", { name: "Continua con Google" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expectSignedIn(page, "Giulia Marino", isMobile);
});
