import { expect, test, type APIRequestContext, type Page, PHONE_ONLY_TEST } from "./support/test";
import { expectNoSeriousA11yViolations } from "./support/axe";
import { latestMail, linkIn, logOut, newPerson, registerViaApi, signIn, type Person } from "./support/accounts";
import { freshMobile, smsCode } from "./support/phone";

/** Screenshots for review go here when SETTINGS_SHOTS names a folder. */
const SHOTS = process.env.SETTINGS_SHOTS;

const profileSection = (page: Page) => page.getByRole("region", { name: "Profilo" });

async function verifyPhone(page: Page, request: APIRequestContext, national: string) {
  const profile = profileSection(page);
  await profile.getByLabel(/^Numero/).fill(national);
  await profile.getByRole("button", { name: "Verifica il numero" }).click();
  const dialog = page.getByRole("dialog", { name: "Verifica il numero" });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel(/^Codice/).fill("12");
  await dialog.getByRole("button", { name: "Verifica", exact: true }).click();
  await expect(dialog.getByText("Inserisci un codice valido di 6 cifre.")).toBeVisible();
  await dialog.getByLabel(/^Codice/).fill(await smsCode(request, `+39${national}`));
  await dialog.getByRole("button", { name: "Verifica", exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(profile.getByText("Verificato", { exact: true })).toBeVisible();
}

test.describe("settings", () => {
  test("verifies the phone with the SMS code; profile, notifications and language survive reload and a new sign-in", async ({
    page,
    request,
    isMobile,
  }, testInfo) => {
    const person = newPerson("settings", "Chiara", "Verdi");
    await registerViaApi(request, person);
    await signIn(page, person);
    await page.goto("/profile");
    await expect(page).toHaveURL(/\/settings$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Profilo e impostazioni");
    await expect(profileSection(page).getByLabel("Prefisso")).toHaveValue("IT");
    // Nothing on the page is wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      page.viewportSize()!.width,
    );
    await expectNoSeriousA11yViolations(page);

    // Saving needs a verified phone.
    await profileSection(page).getByRole("button", { name: "Salva le modifiche" }).click();
    await expect(profileSection(page).getByText("Inserisci il numero di telefono")).toBeVisible();

    const national = freshMobile();
    await verifyPhone(page, request, national);
    // A second code at once is held back, with the wait shown (and kept across a reload).
    await profileSection(page)
      .getByLabel(/^Numero/)
      .fill(freshMobile());
    await expect(profileSection(page).getByText("Da verificare")).toBeVisible();
    await profileSection(page).getByRole("button", { name: "Verifica il numero" }).click();
    await expect(
      profileSection(page).getByText(/^Devi attendere \d:\d\d prima di richiedere un nuovo codice$/),
    ).toBeVisible();
    await profileSection(page)
      .getByLabel(/^Numero/)
      .fill(national);
    await expect(profileSection(page).getByText("Verificato", { exact: true })).toBeVisible();

    await profileSection(page).getByLabel(/^Nome/).fill("Chiara Maria");
    await profileSection(page).getByRole("button", { name: "Salva le modifiche" }).click();
    await expect(profileSection(page).getByText("Profilo aggiornato")).toBeVisible();
    if (!isMobile) {
      await expect(page.getByRole("button", { name: /Menu account di/ })).toContainText("Chiara Maria Verdi");
    }

    const notifications = page.getByRole("region", { name: "Notifiche" });
    await notifications.getByRole("switch", { name: "Solo nel fine settimana" }).check();
    await expect(notifications.getByText("Preferenze salvate")).toBeVisible();

    if (SHOTS) {
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({ path: `${SHOTS}/settings-${testInfo.project.name}.png`, fullPage: true });
      await page.screenshot({ path: `${SHOTS}/settings-${testInfo.project.name}-top.png` });
    }

    await page.reload();
    await expect(profileSection(page).getByLabel(/^Nome/)).toHaveValue("Chiara Maria");
    await expect(profileSection(page).getByLabel(/^Numero/)).toHaveValue(national);
    await expect(profileSection(page).getByText("Verificato", { exact: true })).toBeVisible();
    await expect(notifications.getByRole("switch", { name: "Solo nel fine settimana" })).toBeChecked();
    // The phone cooldown outlived the reload.
    await profileSection(page)
      .getByLabel(/^Numero/)
      .fill(freshMobile());
    await profileSection(page).getByRole("button", { name: "Verifica il numero" }).click();
    await expect(profileSection(page).getByText(/^Devi attendere \d:\d\d prima/)).toBeVisible();
    await page.reload();

    // The language is stored on the profile, so mails and texts follow it.
    await page.getByRole("region", { name: "Lingua" }).getByRole("button", { name: "English" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Profile and settings");
    await expect
      .poll(async () => {
        const token = await page.evaluate(() => localStorage.getItem("auth_token"));
        const response = await request.get("/api/client/user-profile", {
          headers: { authorization: `Bearer ${token}` },
        });
        return ((await response.json()) as { user: { language: string } }).user.language;
      })
      .toBe("en");
    await page.getByRole("region", { name: "Language" }).getByRole("button", { name: "Italiano" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Profilo e impostazioni");

    await logOut(page, isMobile);
    await expect(page).toHaveURL(/\/$/);
    await signIn(page, person);
    await page.goto("/settings");
    await expect(profileSection(page).getByLabel(/^Nome/)).toHaveValue("Chiara Maria");
    await expect(profileSection(page).getByText("Verificato", { exact: true })).toBeVisible();
    await page.goto("/notifications");
    await expect(page.getByRole("switch", { name: "Solo nel fine settimana" })).toBeChecked();
    await expectNoSeriousA11yViolations(page);
  });

  test(
    "changes the password, then signs in with the new one only",
    PHONE_ONLY_TEST,
    async ({ page, request, isMobile }) => {
      const person: Person = newPerson("password", "Luca", "Neri");
      await registerViaApi(request, person);
      await signIn(page, person);
      await page.goto("/settings#security");
      const card = page.getByRole("form", { name: "Cambia password" });
      await card.getByLabel(/^Password attuale/).fill("Sbagliata#1");
      await card.getByLabel(/^Nuova password/).fill("Nuova#Pass9");
      await card.getByLabel(/^Conferma la nuova password/).fill("Nuova#Pass9");
      await card.getByRole("button", { name: "Cambia password" }).click();
      await expect(card.getByText("La password attuale non è corretta")).toBeVisible();

      await card.getByLabel(/^Password attuale/).fill(person.password);
      await card.getByRole("button", { name: "Cambia password" }).click();
      await expect(card.getByText("Password aggiornata: le altre sessioni sono state chiuse")).toBeVisible();
      // This session goes on.
      await page.reload();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Profilo e impostazioni");

      await logOut(page, isMobile);
      await page.goto("/login");
      await page.getByLabel(/^Email/).fill(person.email);
      await page.getByLabel(/^Password/).fill(person.password);
      await page.getByRole("button", { name: "Accedi", exact: true }).click();
      await expect(page.getByText("Email o password non corretti")).toBeVisible();
      await signIn(page, { email: person.email, password: "Nuova#Pass9" });
      expect((await latestMail(request, person.email, "password-changed")).language).toBe("it");
    },
  );

  test("changes the e-mail through the link sent to the new address", PHONE_ONLY_TEST, async ({ page, request }) => {
    const person = newPerson("oldmail", "Sara", "Blu");
    await registerViaApi(request, person);
    await signIn(page, person);
    await page.goto("/settings");
    const form = page.getByRole("form", { name: "Cambia email" });
    await form.getByLabel(/^Nuova email/).fill("scritta-male");
    await form.getByRole("button", { name: "Invia il link di conferma" }).click();
    await expect(form.getByText("Inserisci un indirizzo email valido")).toBeVisible();

    const newEmail = newPerson("newmail").email;
    await form.getByLabel(/^Nuova email/).fill(newEmail);
    await form.getByRole("button", { name: "Invia il link di conferma" }).click();
    await expect(page).toHaveURL(/\/email-verification\?.*change=1/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Conferma il nuovo indirizzo");
    await expect(page.getByText(`Ti abbiamo inviato un link di conferma a ${newEmail}.`)).toBeVisible();
    await expect(page.getByRole("button", { name: /Nuovo link tra \d:\d\d/ })).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    const link = linkIn(await latestMail(request, newEmail, "email-change"), "/email-redirect");
    await page.goto(`${link.pathname}${link.search}`);
    // An address change says so, and to what (decision 040).
    await expect(page.getByText(`Il tuo account ora usa ${newEmail}. Ti stiamo portando alla home…`)).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    await page.goto("/settings");
    await expect(page.getByRole("region", { name: "Profilo" }).getByText(newEmail, { exact: true })).toBeVisible();
    expect((await latestMail(request, person.email, "email-changed")).text).toContain(newEmail);
    const login = await request.post("/api/client/login", { data: { email: newEmail, password: person.password } });
    expect(login.status()).toBe(200);
  });

  test(
    "saves a restaurant to favorites from its page and finds it in /favorites",
    PHONE_ONLY_TEST,
    async ({ page, request }) => {
      const search = await request.get("/api/client/searchRestaurantsByLocation?location=milano");
      const { restaurants } = (await search.json()) as { restaurants: { id: string; name: string }[] };
      const restaurant = restaurants[0]!;

      // Signed out, the heart leads to /login and back.
      await page.goto(`/restaurants/${restaurant.id}`);
      await page.getByRole("link", { name: "Accedi per salvare tra i preferiti" }).click();
      await expect(page).toHaveURL(/\/login\?next=%2Frestaurants%2F/);

      const person = newPerson("favorites", "Paolo", "Gialli");
      await registerViaApi(request, person);
      await page.getByLabel(/^Email/).fill(person.email);
      await page.getByLabel(/^Password/).fill(person.password);
      await page.getByRole("button", { name: "Accedi", exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`/restaurants/${restaurant.id}$`));

      await page.goto("/favorites");
      await expect(page.getByRole("heading", { name: "Nessun preferito, per ora" })).toBeVisible();
      await page.goto(`/restaurants/${restaurant.id}`);
      const heart = page.getByRole("button", { name: "Salva tra i preferiti" });
      await heart.click();
      await expect(page.getByRole("button", { name: "Nei preferiti" })).toHaveAttribute("aria-pressed", "true");

      await page.goto("/favorites");
      await expect(page.getByText("1 ristorante salvato")).toBeVisible();
      const card = page.getByRole("article").filter({ hasText: restaurant.name });
      await expect(card).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      await page.reload();
      await card.getByRole("button", { name: `Rimuovi ${restaurant.name} dai preferiti` }).click();
      await expect(page.getByRole("heading", { name: "Nessun preferito, per ora" })).toBeVisible();
      await page.reload();
      await expect(page.getByRole("heading", { name: "Nessun preferito, per ora" })).toBeVisible();
      await expect(page.getByRole("link", { name: "Trova ristoranti" }).first()).toBeVisible();
    },
  );
});
