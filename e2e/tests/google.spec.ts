import { expect, test } from "./support/test";
import { expectSignedIn, logOut, uniqueEmail } from "./support/accounts";
import { googleWillSignInAs } from "./support/google";

test("Google: an unknown account is sent to sign up, signs up with the terms, then signs straight in", async ({
  page,
  request,
  isMobile,
}) => {
  const email = uniqueEmail("google");
  await googleWillSignInAs(request, { sub: `sub-${email}`, email, givenName: "Luca", familyName: "De Santis" });

  await page.goto("/login");
  await page.getByRole("button", { name: "Continua con Google" }).click();
  // Back from Google without an account: /register explains and prefills.
  await expect(page).toHaveURL(/\/register\?.*type=notRegistered/);
  await expect(page.getByText(/Nessun account Tavolo è collegato a questo account Google/)).toBeVisible();
  await expect(page.getByLabel(/^Email/)).toHaveValue(email);
  await expect(page.getByLabel(/^Nome/)).toHaveValue("Luca");
  await expect(page.getByLabel(/^Cognome/)).toHaveValue("De Santis");

  await page.getByRole("button", { name: "Registrati con Google" }).click();
  await expect(page.getByText("È necessario accettare i termini e le condizioni")).toBeVisible();
  await page.getByRole("checkbox", { name: /termini e le condizioni/ }).check();
  await page.getByRole("button", { name: "Registrati con Google" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expectSignedIn(page, "Luca De Santis", isMobile);

  await logOut(page, isMobile);
  await expect(page).toHaveURL(/\/$/);
  await page.goto("/login");
  await page.getByRole("button", { name: "Continua con Google" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expectSignedIn(page, "Luca De Santis", isMobile);
  const user = await page.evaluate(() => JSON.parse(localStorage.getItem("user")!) as { authProvider: string });
  expect(user.authProvider).toBe("google");
});

test("Google: a spent return code is explained, with a way back", async ({ page }) => {
  await page.goto("/auth/google/callback?code=not-a-real-code");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Accesso non completato");
  await expect(page.getByRole("alert")).toHaveText("Codice di accesso Google non valido o scaduto");
  await expect(page.getByRole("link", { name: "Torna all'accesso" })).toBeVisible();
});
