import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./support/axe";
import { latestMail, newPerson, registerViaApi, type Person } from "./support/accounts";

/** The seed's restaurants live in Rome's zone; "tonight" is Rome's tonight whatever the machine's clock. */
const romeDate = (at: Date) => new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Rome" }).format(at);
const addDays = (date: string, days: number) => {
  const at = new Date(`${date}T12:00:00Z`);
  at.setUTCDate(at.getUTCDate() + days);
  return at.toISOString().slice(0, 10);
};

interface Bookable {
  id: string;
  name: string;
  date: string;
  time: string;
}

/**
 * A restaurant with a free table for two tonight, read from the API rather than assumed: the seed's
 * opening hours vary and the clock moves. When tonight is over everywhere, the next day that has one.
 */
async function findBookable(request: APIRequestContext, city: string): Promise<Bookable> {
  const search = await request.get(`/api/client/searchRestaurantsByLocation?location=${city}`);
  expect(search.status()).toBe(200);
  const { restaurants } = (await search.json()) as { restaurants: { id: string; name: string }[] };
  const today = romeDate(new Date());
  for (let offset = 0; offset < 3; offset += 1) {
    const date = addDays(today, offset);
    for (const restaurant of restaurants.slice(0, 12)) {
      const response = await request.get(`/api/client/getAvailableTables/${restaurant.id}?date=${date}&people=2`);
      if (response.status() !== 200) continue;
      const { slots } = (await response.json()) as { slots: string[] };
      // An evening seating if there is one ("tonight"), else the day's last; never the very next
      // quarter hour, which could pass while the test is typing.
      const later = slots.slice(offset === 0 ? 2 : 0);
      const time = later.find((slot) => slot >= "19:00") ?? later.at(-1);
      if (time) return { id: restaurant.id, name: restaurant.name, date, time };
    }
  }
  throw new Error(`no restaurant in ${city} has a free table for two in the next three days`);
}

const texts = {
  it: {
    locale: "it-IT",
    login: "Accedi",
    homeEmpty: "Nessuna prenotazione per ora",
    title: "Prenota un tavolo",
    time: /^Orario/,
    date: /^Data/,
    requests: "Richieste particolari",
    submit: "Conferma prenotazione",
    required: "Tutti i campi contrassegnati con * sono obbligatori",
    booked: /Prenotazione confermata!|Richiesta di prenotazione inviata/,
    history: "Le mie prenotazioni",
    active: /Confermata|In attesa/,
    phoneBanner: "Verifica il numero di telefono",
    cancel: /^Annulla prenotazione/,
    dialog: "Annullare la prenotazione?",
    confirm: "Sì, annulla",
    cancelledNotice: "Prenotazione annullata",
    cancelled: "Cancellata",
    cancelledFilter: "Cancellate",
    confirmedFilter: "Confermate",
    emptyConfirmed: "Nessuna prenotazione con stato «Confermata»",
  },
  en: {
    locale: "en-GB",
    login: "Log in",
    homeEmpty: "No bookings yet",
    title: "Book a table",
    time: /^Time/,
    date: /^Date/,
    requests: "Special requests",
    submit: "Confirm booking",
    required: "All fields marked with * are required",
    booked: /Reservation confirmed!|Reservation request sent/,
    history: "My reservations",
    active: /Confirmed|Pending/,
    phoneBanner: "Verify your phone number",
    cancel: /^Cancel booking/,
    dialog: "Cancel this booking?",
    confirm: "Yes, cancel it",
    cancelledNotice: "Reservation cancelled",
    cancelled: "Cancelled",
    cancelledFilter: "Cancelled",
    confirmedFilter: "Confirmed",
    emptyConfirmed: "No reservations with status “Confirmed”",
  },
} as const;

async function signIn(page: Page, person: Person, login: string) {
  await page.goto("/login");
  await page.getByLabel(/^Email/).fill(person.email);
  await page.getByLabel(/^Password/).fill(person.password);
  await page.getByRole("button", { name: login, exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
}

for (const language of ["it", "en"] as const) {
  const t = texts[language];

  test.describe(`reservations (${language})`, () => {
    test.use({ locale: t.locale });

    test("books a table for tonight, finds it in the history, cancels it and sees it cancelled", async ({
      page,
      request,
    }) => {
      const person = newPerson(`book-${language}`, "Luca", "Ferri");
      await registerViaApi(request, person, language);
      const target = await findBookable(request, language === "it" ? "milano" : "roma");

      await signIn(page, person, t.login);
      // Home shows the (still empty) booking history grid to a signed-in diner.
      await expect(page.getByText(t.homeEmpty)).toBeVisible();

      await page.goto(`/reservation/${target.id}`);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(t.title);
      await expect(page.getByText(target.name).first()).toBeVisible();
      const date = page.getByLabel(t.date);
      if ((await date.inputValue()) !== target.date) await date.fill(target.date);
      const time = page.getByRole("combobox", { name: t.time });
      await expect(time.locator(`option[value="${target.time}"]`)).toBeAttached();

      // Nothing chosen yet: the spec's message, and nothing is sent.
      await page.getByRole("button", { name: t.submit }).click();
      await expect(page.getByText(t.required)).toBeVisible();
      await expectNoSeriousA11yViolations(page);

      await time.selectOption(target.time);
      const firstTable = page.getByRole("radio").first();
      await expect(firstTable).toBeVisible();
      await firstTable.check();
      await page.getByLabel(t.requests).fill("<b>No nuts</b> please");
      await page.getByRole("button", { name: t.submit }).click();

      await expect(page.getByRole("heading", { name: t.booked })).toBeVisible();
      await expect(page.getByText("<b>No nuts</b> please")).toBeVisible();
      // SPEC §4: to the history two seconds after the success.
      await expect(page).toHaveURL(/\/history$/, { timeout: 5_000 });
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(t.history);
      const mail = await latestMail(request, person.email, "reservation-booked");
      expect(mail.language).toBe(language);

      const card = page.getByRole("article").filter({ hasText: target.name });
      await expect(card).toHaveCount(1);
      await expect(card).toContainText(t.active);
      await expect(card).toContainText(target.time);
      await expect(card.getByText("<b>No nuts</b> please")).toBeVisible();
      await expect(page.getByRole("link", { name: t.phoneBanner })).toHaveAttribute("href", "/completeProfile");
      await expectNoSeriousA11yViolations(page);

      await card.getByRole("button", { name: t.cancel }).click();
      const dialog = page.getByRole("dialog", { name: t.dialog });
      await expect(dialog).toBeVisible();
      await expect(dialog).toContainText(target.name);
      await expectNoSeriousA11yViolations(page);
      await dialog.getByRole("button", { name: t.confirm }).click();

      await expect(dialog).toBeHidden();
      await expect(page.getByText(t.cancelledNotice)).toBeVisible();
      await expect(card).toContainText(t.cancelled);
      await expect(card.getByRole("button")).toHaveCount(0);
      await latestMail(request, person.email, "reservation-cancelled");

      // The filters agree, and the state survives a reload (it is the server's, not the page's).
      await page.reload();
      await page.getByRole("radio", { name: t.cancelledFilter }).click();
      await expect(page.getByRole("article").filter({ hasText: target.name })).toContainText(t.cancelled);
      await page.getByRole("radio", { name: t.confirmedFilter }).click();
      await expect(page.getByText(t.emptyConfirmed)).toBeVisible();

      // The freed table can be booked again: the form offers the same time once more.
      await page.goto(`/reservation/${target.id}`);
      if ((await date.inputValue()) !== target.date) await date.fill(target.date);
      await expect(time.locator(`option[value="${target.time}"]`)).toBeAttached();
    });
  });
}
