import { expect, test, PHONE_ONLY_TEST } from "./support/test";
import { expectNoSeriousA11yViolations } from "./support/axe";
import { codeIn, expectSignedIn, latestMail, linkIn, logOut, newPerson, registerViaApi } from "./support/accounts";

test.describe("accounts", () => {
  test(
    "registers, verifies the e-mail with the code from the mailbox, is signed in, logs out to home",
    PHONE_ONLY_TEST,
    async ({ page, request, isMobile }) => {
      const person = newPerson("register");
      await page.goto("/register");
      await page.getByLabel(/^Nome/).fill(person.firstName);
      await page.getByLabel(/^Cognome/).fill(person.lastName);
      await page.getByLabel(/^Email/).fill(person.email);
      await page.getByLabel(/^Password/).fill(person.password);
      await page.getByLabel(/^Conferma password/).fill(person.password);
      await expect(page.getByTestId("strength")).toHaveText("Forte");
      await page.getByRole("checkbox", { name: /termini e le condizioni/ }).check();
      await page.getByRole("button", { name: "Crea account" }).click();

      await expect(page).toHaveURL(/\/email-verification\?email=/);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Controlla la tua email");
      // The server has just sent a code: asking again at once is refused with the wait.
      await expect(page.getByRole("button", { name: /Nuovo codice tra \d:\d\d/ })).toBeVisible();
      await page.getByRole("link", { name: "Inserisci il codice" }).click();

      await expect(page).toHaveURL(/\/verify-email\?email=/);
      const mail = await latestMail(request, person.email, "verification-code");
      expect(mail.language).toBe("it");
      await page.getByLabel(/^Codice di verifica/).fill(codeIn(mail));
      await page.getByRole("button", { name: "Continua" }).click();
      await expect(page.getByText("Email verificata! Ti stiamo portando alla home…")).toBeVisible();
      await expect(page).toHaveURL(/\/$/);
      await expectSignedIn(page, "Giulia Rossi", isMobile);

      await logOut(page, isMobile);
      await expect(page).toHaveURL(/\/$/);
      await expect(page.getByRole("link", { name: "Accedi" }).first()).toBeVisible();
      expect(await page.evaluate(() => localStorage.getItem("auth_token"))).toBeNull();
    },
  );

  test(
    "login: the server's message for a wrong password, then back to the page that asked for it",
    PHONE_ONLY_TEST,
    async ({ page, request, isMobile }) => {
      const person = newPerson("login", "Marco", "Bianchi");
      await registerViaApi(request, person);
      await page.goto("/history");
      await expect(page).toHaveURL(/\/login\?next=%2Fhistory$/);
      await page.getByLabel(/^Email/).fill(person.email);
      await page.getByLabel(/^Password/).fill("Sbagliata1!");
      await page.getByRole("button", { name: "Accedi", exact: true }).click();
      await expect(page.getByRole("alert")).toHaveText("Email o password non corretti");

      await page.getByLabel(/^Password/).fill(person.password);
      await page.getByRole("button", { name: "Accedi", exact: true }).click();
      await expect(page).toHaveURL(/\/history$/);
      await expectSignedIn(page, "Marco Bianchi", isMobile);
      // Signed in, /login sends back home.
      await page.goto("/login");
      await expect(page).toHaveURL(/\/$/);
    },
  );
});

test.describe("e-mail link and screens", () => {
  test(
    "the link in the code mail verifies through /email-redirect and signs in",
    PHONE_ONLY_TEST,
    async ({ page, request, isMobile }) => {
      const person = newPerson("link", "Elena", "Galli");
      await registerViaApi(request, person);
      const link = linkIn(await latestMail(request, person.email, "verification-code"), "/email-redirect");
      await page.goto(`${link.pathname}${link.search}`);
      // The backend checks the token and sends the browser to the result page with a one-time login.
      await expect(page).toHaveURL(/\/verify-result\/success\?loginToken=/);
      await expect(page.getByText("Email verificata! Ti stiamo portando alla home…")).toBeVisible();
      await expect(page).toHaveURL(/\/$/);
      await expectSignedIn(page, "Elena Galli", isMobile);

      // A second click on the same link: the token is spent, and the result page says so.
      await page.goto(`${link.pathname}${link.search}`);
      await expect(page).toHaveURL(/\/verify-result\/error/);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Verifica non riuscita");
    },
  );

  test("account screens have no serious or critical axe violations", async ({ page }) => {
    await page.goto("/register");
    await page.getByRole("button", { name: "Crea account" }).click();
    await expect(page.getByText("Inserisci il nome")).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    for (const path of [
      "/email-verification?email=a%40example.com",
      "/verify-email?email=a%40example.com",
      "/reset-password?token=abc",
      "/reset-password",
      "/verify-result/error?message=Token%20mancante",
    ]) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expectNoSeriousA11yViolations(page);
    }
  });
});

test.describe("accounts in English", () => {
  test.use({ locale: "en-GB" });

  test(
    "forgot password: the link from the mailbox sets a new password that logs in",
    PHONE_ONLY_TEST,
    async ({ page, request, isMobile }) => {
      const person = newPerson("reset", "Anna", "Verdi");
      await registerViaApi(request, person, "en");
      await page.goto("/login");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sign in to Tavolo");
      await page.getByRole("button", { name: "Forgot password?" }).click();
      const dialog = page.getByRole("dialog", { name: "Reset your password" });
      await dialog.getByRole("button", { name: "Send the link" }).click();
      await expect(dialog.getByText("Email required")).toBeVisible();
      await dialog.getByLabel(/^Email/).fill(person.email);
      await dialog.getByRole("button", { name: "Send the link" }).click();
      await expect(dialog.getByRole("status")).toContainText("If the address is registered");
      await dialog.getByRole("button", { name: "Close" }).first().click();

      const mail = await latestMail(request, person.email, "password-reset");
      expect(mail.language).toBe("en");
      const link = linkIn(mail, "/reset-password");
      await page.goto(`${link.pathname}${link.search}`);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("New password");
      const newPassword = "Nuova2?pass";
      await page.getByLabel(/^New password/).fill("short");
      await expect(page.getByRole("list", { name: "Missing requirements" })).toContainText("An uppercase letter");
      await page.getByLabel(/^New password/).fill(newPassword);
      await page.getByLabel(/^Confirm the new password/).fill(newPassword);
      await page.getByRole("button", { name: "Reset password" }).click();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Password updated");
      await page.getByRole("link", { name: "Go to sign-in" }).click();

      await page.getByLabel(/^Email/).fill(person.email);
      await page.getByLabel(/^Password/).fill(person.password);
      await page.getByRole("button", { name: "Sign in", exact: true }).click();
      await expect(page.getByRole("alert")).toHaveText("Incorrect email or password");
      await page.getByLabel(/^Password/).fill(newPassword);
      await page.getByRole("button", { name: "Sign in", exact: true }).click();
      await expect(page).toHaveURL(/\/$/);
      await expectSignedIn(page, "Anna Verdi", isMobile);

      // The link works once.
      await page.goto(`${link.pathname}${link.search}`);
      await page.getByLabel(/^New password/).fill("Altra3#pass");
      await page.getByLabel(/^Confirm the new password/).fill("Altra3#pass");
      await page.getByRole("button", { name: "Reset password" }).click();
      await expect(page.getByRole("alert")).toHaveText("Invalid or expired reset link");
    },
  );
});
