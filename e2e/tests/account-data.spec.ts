import { readFile } from "node:fs/promises";
import { expect, test, type Page, PHONE_ONLY_TEST } from "./support/test";
import { expectNoSeriousA11yViolations } from "./support/axe";
import { latestMail, newPerson, registerViaApi, signIn, type Person } from "./support/accounts";
import { findBookable } from "./support/booking";

/** Screenshots for review go here when ACCOUNT_SHOTS names a folder. */
const SHOTS = process.env.ACCOUNT_SHOTS;

async function fillRegisterForm(page: Page, person: Person) {
  await page.getByLabel(/^Nome/).fill(person.firstName);
  await page.getByLabel(/^Cognome/).fill(person.lastName);
  await page.getByLabel(/^Email/).fill(person.email);
  await page.getByLabel(/^Password/).fill(person.password);
  await page.getByLabel(/^Conferma password/).fill(person.password);
  await page.getByRole("checkbox", { name: /termini e le condizioni/ }).check();
}

async function expectRegisterFormHolds(page: Page, person: Person) {
  await expect(page.getByLabel(/^Nome/)).toHaveValue(person.firstName);
  await expect(page.getByLabel(/^Cognome/)).toHaveValue(person.lastName);
  await expect(page.getByLabel(/^Email/)).toHaveValue(person.email);
  await expect(page.getByLabel(/^Password/)).toHaveValue(person.password);
  await expect(page.getByLabel(/^Conferma password/)).toHaveValue(person.password);
  await expect(page.getByRole("checkbox", { name: /termini e le condizioni/ })).toBeChecked();
}

/** Settings from the bottom bar (phones) or the account menu (desktop): one tap. */
async function openSettings(page: Page, isMobile: boolean) {
  if (isMobile) {
    await page
      .getByRole("navigation", { name: /Navigazione rapida|Quick navigation/ })
      .getByRole("link", { name: /Profilo|Profile/ })
      .click();
  } else {
    await page.getByRole("button", { name: /Menu account di|Account menu for/ }).click();
    await page.getByRole("menuitem", { name: /Profilo|Profile/ }).click();
  }
  await expect(page).toHaveURL(/\/settings$/);
}

test.describe("a diner's own data", () => {
  test(
    "registers, books, downloads the data, deletes the account; the login is then refused",
    PHONE_ONLY_TEST,
    async ({ page, request, isMobile }) => {
      const person = newPerson("delete-me", "Ottavia", "Serafini");
      const target = await findBookable(request, "milano");

      await page.goto("/register");
      await fillRegisterForm(page, person);
      await page.getByRole("button", { name: "Crea account" }).click();
      await expect(page).toHaveURL(/\/email-verification\?email=/);

      await page.goto(`/reservation/${target.id}`);
      const date = page.getByLabel(/^Data/);
      if ((await date.inputValue()) !== target.date) await date.fill(target.date);
      await page.getByRole("combobox", { name: /^Orario/ }).selectOption(target.time);
      await page.getByRole("radio").first().check();
      await page.getByLabel("Richieste particolari").fill("Seggiolone per la bambina");
      await page.getByRole("button", { name: "Conferma prenotazione" }).click();
      await expect(
        page.getByRole("heading", { name: /Prenotazione confermata!|Richiesta di prenotazione inviata/ }),
      ).toBeVisible();

      await page.goto("/");
      await openSettings(page, isMobile);
      const downloading = page.waitForEvent("download");
      await page.getByRole("button", { name: "Scarica i miei dati" }).click();
      const download = await downloading;
      const today = new Date().toISOString().slice(0, 10);
      expect(download.suggestedFilename()).toBe(`tavolo-${today}.json`);
      const data = JSON.parse(await readFile((await download.path())!, "utf8")) as {
        profile: { email: string; firstName: string; lastName: string; termsAccepted: boolean };
        signInMethods: { password: boolean; google: boolean };
        reservations: { restaurantName: string; date: string; time: string; status: string; specialRequests: string }[];
        emails: { subject: string }[];
      };
      expect(data.profile).toMatchObject({
        email: person.email,
        firstName: "Ottavia",
        lastName: "Serafini",
        termsAccepted: true,
      });
      expect(data.signInMethods).toEqual({ password: true, google: false });
      expect(data.reservations).toEqual([
        expect.objectContaining({
          restaurantName: target.name,
          date: target.date,
          time: target.time,
          status: expect.stringMatching(/confirmed|pending/),
          specialRequests: "Seggiolone per la bambina",
        }),
      ]);
      expect(data.emails.length).toBeGreaterThanOrEqual(2);
      await expect(page.getByText("File salvato: lo trovi tra i download.")).toBeVisible();

      // Other tests book tables in the same city: count the free ones rather than trust the first.
      const freeTables = async () => {
        const answer = await request.get(
          `/api/client/getAvailableTables/${target.id}?date=${target.date}&time=${target.time}&people=2`,
        );
        return ((await answer.json()) as { tables: { isAvailable: boolean }[] }).tables.filter((t) => t.isAvailable)
          .length;
      };
      const freeBeforeDeletion = await freeTables();

      await page.getByRole("button", { name: "Elimina account" }).click();
      const dialog = page.getByRole("dialog", { name: "Eliminare l'account?" });
      await expect(dialog).toContainText("Le prenotazioni future e quelle last minute vengono annullate");
      const destroy = dialog.getByRole("button", { name: "Elimina definitivamente" });
      await expect(destroy).toBeDisabled();
      await expectNoSeriousA11yViolations(page);
      await dialog.getByLabel(/^Password attuale/).fill("Sbagliata1!");
      await destroy.click();
      await expect(dialog.getByRole("alert")).toContainText("La password non è corretta");
      await dialog.getByLabel(/^Password attuale/).fill(person.password);
      await destroy.click();

      await expect(page).toHaveURL(/\/$/);
      await expect(page.getByRole("status").filter({ hasText: "Il tuo account è stato eliminato" })).toBeVisible();
      await expect(page.getByRole("link", { name: "Accedi" }).first()).toBeVisible();
      expect(await page.evaluate(() => localStorage.getItem("auth_token"))).toBeNull();
      const goodbye = await latestMail(request, person.email, "account-deleted");
      expect(goodbye.language).toBe("it");

      await page.goto("/login");
      await page.getByLabel(/^Email/).fill(person.email);
      await page.getByLabel(/^Password/).fill(person.password);
      await page.getByRole("button", { name: "Accedi", exact: true }).click();
      await expect(page.getByRole("alert")).toHaveText("Email o password non corretti");
      await expect(page).toHaveURL(/\/login$/);
      // The table is free again for whoever comes next.
      expect(await freeTables()).toBe(freeBeforeDeletion + 1);
    },
  );

  test(
    "the register form's terms and privacy links open their pages and come back with the form intact",
    PHONE_ONLY_TEST,
    async ({ page }) => {
      const person = newPerson("terms-roundtrip", "Ludovica", "Marchetti");
      await page.goto("/register");
      await fillRegisterForm(page, person);

      await page.getByRole("link", { name: "termini e le condizioni" }).click();
      await expect(page).toHaveURL(/\/terms$/);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Termini e condizioni");
      await expect(page.getByText(/Prenotare con Tavolo è gratuito/)).toBeVisible();
      await page.getByRole("link", { name: "Torna alla registrazione" }).click();
      await expect(page).toHaveURL(/\/register$/);
      await expectRegisterFormHolds(page, person);

      await page.getByRole("link", { name: "informativa sulla privacy" }).click();
      await expect(page).toHaveURL(/\/privacy$/);
      await expect(page.getByText(/Privacy e dati puoi scaricare/)).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      // The browser's own back button works as well.
      await page.goBack();
      await expect(page).toHaveURL(/\/register$/);
      await expectRegisterFormHolds(page, person);
    },
  );
});

for (const language of ["it", "en"] as const) {
  const t =
    language === "it"
      ? {
          locale: "it-IT",
          title: "Eliminare l'account Tavolo",
          card: "Privacy e dati",
          delete: "Elimina account",
          login: "Accedi",
        }
      : {
          locale: "en-GB",
          title: "Delete your Tavolo account",
          card: "Privacy and data",
          delete: "Delete account",
          login: "Sign in",
        };

  test.describe(`account deletion pages (${language})`, () => {
    test.use({ locale: t.locale });

    test("/account-deletion explains it signed out, and Settings shows both controls", async ({
      page,
      request,
      isMobile,
    }, testInfo) => {
      await page.goto("/account-deletion");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(t.title);
      await expect(page.getByRole("main").getByRole("heading", { level: 2 })).toHaveCount(5);
      await expectNoSeriousA11yViolations(page);
      if (SHOTS)
        await page.screenshot({
          path: `${SHOTS}/account-deletion-${language}-${testInfo.project.name}.png`,
          fullPage: true,
        });

      const person = newPerson(`shots-${language}`, "Benedetta", "Loria");
      await registerViaApi(request, person, language);
      await signIn(page, person, t.login);
      await openSettings(page, isMobile);
      const card = page.getByRole("region", { name: t.card });
      await card.scrollIntoViewIfNeeded();
      await expect(card.getByRole("button", { name: t.delete })).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      if (SHOTS) await card.screenshot({ path: `${SHOTS}/settings-card-${language}-${testInfo.project.name}.png` });
      await card.getByRole("button", { name: t.delete }).click();
      await expect(page.getByRole("dialog")).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/delete-dialog-${language}-${testInfo.project.name}.png` });
    });
  });
}
