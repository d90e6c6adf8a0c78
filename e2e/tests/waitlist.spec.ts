import { expect, test, type APIRequestContext } from "./support/test";
import { expectNoSeriousA11yViolations } from "./support/axe";
import { latestMail, newPerson, registerViaApi, signIn, type Person } from "./support/accounts";
import { findBookable } from "./support/booking";

/**
 * The waitlist end to end (decision 029): diner A takes the last table, diner B joins the waitlist from the restaurant
 * page (as a search card's "notify me" opens it), A cancels, B gets the table held (the mail and the banner on /history) and confirms it.
 * The seating is read from the API (findBookable), so it works whatever hour the suite runs.
 */
const texts = {
  it: {
    locale: "it-IT",
    login: "Accedi",
    wantedTime: "Ora desiderata",
    joinTitle: "Tutto pieno? Avvisami se si libera un tavolo",
    window: /^Fascia oraria/,
    exact: (time: string) => `Solo alle ${time}`,
    join: "Avvisami se si libera un tavolo",
    joined: /Sei in lista d'attesa: sei il n\. 1\./,
    listTitle: "In lista d'attesa",
    holdTitle: "Un tavolo è tenuto per te!",
    confirm: "Conferma",
    confirmed: /Tavolo confermato!|il ristorante confermerà/,
  },
  en: {
    locale: "en-GB",
    login: "Sign in",
    wantedTime: "Preferred time",
    joinTitle: "Fully booked? Notify me if a table frees up",
    window: /^Time window/,
    exact: (time: string) => `Only at ${time}`,
    join: "Notify me if a table frees up",
    joined: /You are on the waitlist: no\. 1 in line/,
    listTitle: "On the waitlist",
    holdTitle: "A table is held for you!",
    confirm: "Confirm",
    confirmed: /Table confirmed!|the restaurant will confirm/,
  },
} as const;

async function tokenOf(request: APIRequestContext, person: Person): Promise<string> {
  const response = await request.post("/api/client/login", {
    data: { email: person.email, password: person.password },
  });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { token: string }).token;
}

/** A books every table free at the seating; answers A's booking of the smallest table that seats two. */
async function takeEveryTable(
  request: APIRequestContext,
  token: string,
  target: { id: string; date: string; time: string },
): Promise<string> {
  const response = await request.get(
    `/api/client/getAvailableTables/${target.id}?date=${target.date}&time=${target.time}&people=1`,
  );
  const { tables } = (await response.json()) as { tables: { id: string; capacity: number; isAvailable: boolean }[] };
  const free = tables.filter((table) => table.isAvailable).sort((a, b) => a.capacity - b.capacity);
  let forTwo: string | undefined;
  for (const table of free) {
    const booked = await request.post("/api/client/makeReservation", {
      headers: { authorization: `Bearer ${token}` },
      data: { restaurantId: target.id, tableId: table.id, date: target.date, time: target.time, numberOfPeople: 1 },
    });
    expect(booked.status(), await booked.text()).toBe(201);
    const id = ((await booked.json()) as { reservation: { id: string } }).reservation.id;
    if (!forTwo && table.capacity >= 2) forTwo = id;
  }
  expect(forTwo, "a table for two to free").toBeDefined();
  return forTwo!;
}

for (const language of ["it", "en"] as const) {
  const t = texts[language];

  test.describe(`waitlist (${language})`, () => {
    test.use({ locale: t.locale });

    test("B joins the waitlist for A's last table, A cancels, B gets it held (mail and banner) and confirms", async ({
      page,
      request,
    }) => {
      const a = newPerson(`wait-a-${language}`, "Anna", "Conti");
      const b = newPerson(`wait-b-${language}`, "Bruno", "Galli");
      await registerViaApi(request, a, language);
      await registerViaApi(request, b, language);
      const target = await findBookable(request, language === "it" ? "torino" : "napoli");
      const aToken = await tokenOf(request, a);
      const lastTable = await takeEveryTable(request, aToken, target);

      await signIn(page, b, t.login);
      // Where a search card's "notify me" leads: the restaurant page asked for that day, time and party.
      await page.goto(`/restaurants/${target.id}?date=${target.date}&time=${target.time}&people=2`);
      await expect(page.getByRole("heading", { name: t.joinTitle })).toBeVisible();
      await expect(page.getByRole("combobox", { name: t.wantedTime })).toHaveValue(target.time);
      await page.getByRole("combobox", { name: t.window }).selectOption({ label: t.exact(target.time) });
      await expectNoSeriousA11yViolations(page);
      await page.getByRole("button", { name: t.join }).click();
      await expect(page.getByText(t.joined)).toBeVisible();

      // The entry is listed on /history until something frees.
      await page.goto("/history");
      await expect(page.getByRole("heading", { name: t.listTitle })).toBeVisible();

      const cancelled = await request.post(`/api/client/cancelReservation/${lastTable}`, {
        headers: { authorization: `Bearer ${aToken}` },
      });
      expect(cancelled.status()).toBe(200);

      const mail = await latestMail(request, b.email, "waitlist-hold");
      expect(mail.text).toContain("/hold/confirm?token=");
      await page.reload();
      await expect(page.getByRole("heading", { name: t.holdTitle })).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      await page.getByRole("button", { name: t.confirm, exact: true }).click();
      await expect(page.getByText(t.confirmed).first()).toBeVisible();
      await expect(page.getByRole("heading", { name: t.holdTitle })).toHaveCount(0);
      // B's booking is in the history.
      const restaurant = await request.get(`/api/client/getRestaurantById/${target.id}`);
      const { restaurant: detail } = (await restaurant.json()) as { restaurant: { name: string } };
      await expect(page.getByText(detail.name).first()).toBeVisible();
      await latestMail(request, b.email, "reservation-booked");
    });
  });
}
