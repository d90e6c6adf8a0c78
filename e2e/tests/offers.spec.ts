import { expect, test, type APIRequestContext } from "./support/test";
import { expectNoSeriousA11yViolations } from "./support/axe";
import { newPerson, registerViaApi, signIn } from "./support/accounts";

interface Offer {
  id: string;
  restaurantName: string;
  currentAvailableSeats: number;
  totalSeats: number;
  timeRemainingMinutes: number;
  expiresAt: string;
  distanceKm: number | null;
}

/** A Milano offer the test can book at leisure: seats for two and time to spare (the seed is relative to now). */
async function bookableOffer(request: APIRequestContext): Promise<Offer> {
  const response = await request.get("/api/client/getLastMinuteByCity?city=milano");
  expect(response.status()).toBe(200);
  const { offers } = (await response.json()) as { offers: Offer[] };
  const offer = offers.find(
    (candidate) => candidate.currentAvailableSeats >= 3 && candidate.timeRemainingMinutes >= 10,
  );
  expect(offer, "a Milano offer with 3+ seats and 10+ minutes left").toBeDefined();
  return offer!;
}

/** A city and cuisine with no live offer right now, found through the API (the seed is random). */
async function emptySearch(request: APIRequestContext): Promise<{ city: string; category: string }> {
  for (const city of ["monza", "bergamo", "novara", "como", "pavia"]) {
    for (const category of ["sushi", "hamburger", "vegano", "etnico", "pesce"]) {
      const response = await request.get(`/api/client/getLastMinuteByCity?city=${city}&category=${category}`);
      if (((await response.json()) as { offers: Offer[] }).offers.length === 0) return { city, category };
    }
  }
  throw new Error("every city has offers of every cuisine");
}

const seatsText = (left: number, total: number) => `${left} di ${total} posti liberi`;

test.describe("Last Minute offers", () => {
  test("finds an offer in Milano, books 2 seats, sees the seats drop and the booking in history", async ({
    page,
    request,
  }) => {
    const person = newPerson("offers");
    await registerViaApi(request, person);
    await signIn(page, person);
    const offer = await bookableOffer(request);

    await page.goto("/search?location=milano");
    const section = page.getByRole("region", { name: "Offerte Last Minute" });
    await expect(section.getByRole("status").first()).toContainText(/A Milano · \d+ offert/);
    // Minutes, hours and minutes (whole hours say only hours), or tomorrow's time: never a
    // clock-like "26:32".
    await expect(section.getByRole("timer").first()).toContainText(
      /^Scade (tra (\d+ h( \d+ min)?|\d+ min)|tra meno di un minuto|domani alle \d\d:\d\d)$/,
    );
    await expectNoSeriousA11yViolations(page);
    // The first six show at once; the chosen offer may be among the rest.
    const showAll = section.getByRole("button", { name: /^Mostra tutte le \d+ offerte$/ });
    if (await showAll.isVisible()) await showAll.click();
    await section.getByRole("link", { name: offer.restaurantName }).first().click();

    await expect(page).toHaveURL(new RegExp(`/lastminute/${offer.id}$`));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(offer.restaurantName);
    await expect(page.getByTestId("seats-left")).toHaveText(seatsText(offer.currentAvailableSeats, offer.totalSeats));
    await expectNoSeriousA11yViolations(page);
    await page.getByLabel(/^Persone/).selectOption("2");
    await page.getByLabel("Note per il ristorante").fill("Un seggiolone, grazie");
    await page.getByRole("button", { name: "Conferma la prenotazione" }).click();
    await expect(page.getByRole("heading", { name: "Offerta Last Minute prenotata!" })).toBeVisible();

    // Success leads to the history (after the 2 s notice), where the booking is listed.
    await expect(page).toHaveURL(/\/history$/, { timeout: 10_000 });
    await expect(page.getByRole("article").filter({ hasText: offer.restaurantName }).first()).toBeVisible();

    await page.goto(`/lastminute/${offer.id}`);
    await expect(page.getByTestId("seats-left")).toHaveText(
      seatsText(offer.currentAvailableSeats - 2, offer.totalSeats),
    );
    const after = await request.get(`/api/client/getLastMinuteById/${offer.id}`);
    expect(((await after.json()) as { offer: Offer }).offer.currentAvailableSeats).toBe(
      offer.currentAvailableSeats - 2,
    );
  });

  test("an offer whose time runs out while the page is open can no longer be booked", async ({ page, request }) => {
    const person = newPerson("offers-expiry");
    await registerViaApi(request, person);
    await page.clock.install();
    await signIn(page, person);
    const offer = await bookableOffer(request);

    await page.goto(`/lastminute/${offer.id}`);
    await expect(page.getByRole("button", { name: "Conferma la prenotazione" })).toBeVisible();
    await expect(page.getByRole("timer")).toContainText(/^Scade /);

    // Jump the page's clock to one second past bookUntil: the countdown closes the offer.
    await page.clock.fastForward(new Date(offer.expiresAt).getTime() - Date.now() + 1_000);
    await expect(page.getByText("Offerta scaduta").first()).toBeVisible();
    await expect(page.getByText("Il tempo per prenotare questa offerta è finito.")).toBeVisible();
    await expect(page.getByRole("button", { name: "Conferma la prenotazione" })).toHaveCount(0);
    await expect(page.getByRole("timer")).toHaveCount(0);
  });

  test.describe("around the diner", () => {
    // Navigli, Milano: a few kilometres from the Duomo.
    const here = { latitude: 45.4521, longitude: 9.1768 };
    test.use({ geolocation: here, permissions: ["geolocation"] });

    test("with geolocation granted, lists the offers within the radius, nearest first", async ({ page }) => {
      await page.goto("/search");
      const section = page.getByRole("region", { name: "Offerte Last Minute" });
      await expect(section.getByText(/Scrivi una città o usa la tua posizione/)).toBeVisible();
      await section.getByRole("button", { name: "Usa la mia posizione" }).click();
      await expect(section.getByRole("button", { name: "Usa la mia posizione" })).toHaveAttribute(
        "aria-pressed",
        "true",
      );
      await expect(section.getByRole("status").first()).toContainText(/Entro 10 km da te · \d+ offert/);
      // Nearby cities make no sense around a point: the option is off and disabled.
      await expect(section.getByLabel("Includi città vicine")).toBeDisabled();

      // One distance format everywhere (decision 040): "850 m" under a kilometre, "2,3 km" above.
      const places = await section
        .getByRole("article")
        .locator("p")
        .filter({ hasText: /\sk?m$/ })
        .allTextContents();
      expect(places.length).toBeGreaterThan(0);
      const distances = places.map((text) => {
        const [, value, unit] = /a ([\d,.]+)\s(k?m)$/.exec(text)!;
        return Number(value!.replace(",", ".")) / (unit === "km" ? 1 : 1000);
      });
      expect(distances).toEqual([...distances].sort((a, b) => a - b));
      expect(Math.max(...distances)).toBeLessThanOrEqual(10);
      await expectNoSeriousA11yViolations(page);
    });
  });

  test("says so when the browser cannot tell where the diner is", async ({ browser }) => {
    const context = await browser.newContext({ permissions: [] });
    const page = await context.newPage();
    await page.goto("/search?location=milano");
    const section = page.getByRole("region", { name: "Offerte Last Minute" });
    await section.getByRole("button", { name: "Usa la mia posizione" }).click();
    await expect(section.getByRole("alert")).toHaveText("Impossibile rilevare la tua posizione");
    // The city's offers stay on screen.
    await expect(section.getByRole("status").first()).toContainText("A Milano");
    await context.close();
  });

  test("an empty city offers the alert; a visitor signs in first, then registers", async ({ page, request }) => {
    const empty = await emptySearch(request);
    await page.goto(`/search?location=${empty.city}&category=${empty.category}`);
    const section = page.getByRole("region", { name: "Offerte Last Minute" });
    await expect(section.getByText("Nessuna offerta in questo momento")).toBeVisible();
    await expect(section.getByText(/Serve un account: accedi e torni qui\./)).toBeVisible();
    await section.getByRole("button", { name: /^Avvisami per nuove offerte a / }).click();
    await expect(page).toHaveURL(/\/login\?next=%2Fsearch%3F/);

    const person = newPerson("offers-alert");
    await registerViaApi(request, person);
    await page.getByLabel(/^Email/).fill(person.email);
    await page.getByLabel(/^Password/).fill(person.password);
    await page.getByRole("button", { name: "Accedi", exact: true }).click();
    // The login returns to the search, where the alert can now be registered.
    await expect(page).toHaveURL(new RegExp(`/search\\?location=${empty.city}`));
    await expect(section.getByText(/Serve un account/)).toHaveCount(0);
    await section.getByRole("button", { name: /^Avvisami per nuove offerte a / }).click();
    await expect(section.getByRole("status").filter({ hasText: "Ti avviseremo via email" })).toBeVisible();
  });
});
