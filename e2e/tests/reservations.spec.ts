import { expect, test } from "./support/test";
import { expectNoSeriousA11yViolations } from "./support/axe";
import { latestMail, newPerson, registerViaApi, signIn } from "./support/accounts";
import { findBookable } from "./support/booking";

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
    cancelled: "Annullata",
    cancelledFilter: "Annullate",
    confirmedFilter: "Confermate",
    emptyConfirmed: "Nessuna prenotazione confermata",
  },
  en: {
    locale: "en-GB",
    login: "Sign in",
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
    emptyConfirmed: "No confirmed reservations",
  },
} as const;

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
      // The filter is in the URL: a reload keeps it.
      await expect(page).toHaveURL(/\/history\?status=confirmed$/);
      await page.reload();
      await expect(page.getByRole("radio", { name: t.confirmedFilter })).toBeChecked();
      await expect(page.getByText(t.emptyConfirmed)).toBeVisible();

      // The freed table can be booked again: the form offers the same time once more.
      await page.goto(`/reservation/${target.id}`);
      if ((await date.inputValue()) !== target.date) await date.fill(target.date);
      await expect(time.locator(`option[value="${target.time}"]`)).toBeAttached();
    });
  });
}
