import { expect, test, PHONE_ONLY_TEST } from "./support/test";
import { expectNoSeriousA11yViolations } from "./support/axe";

test.describe("a visitor finds a restaurant", () => {
  test("searches Milano from home, filters pizza, opens a result and sees today's hours and tables", async ({
    page,
  }) => {
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Un tavolo per stasera?");
    const hero = page.getByRole("search").first();
    await hero.getByLabel("Città").fill("milano");
    await hero.getByRole("button", { name: "Cerca" }).click();

    await expect(page).toHaveURL(/\/search\?location=milano/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Ristoranti a Milano");
    // The URL is the state: the chip turns checked once the router has moved.
    await page.getByRole("radio", { name: "Pizza" }).click();
    await expect(page).toHaveURL(/category=pizza/);
    await expect(page.getByRole("radio", { name: "Pizza" })).toBeChecked();

    // The restaurants, not the Last Minute offers shown above them.
    const results = page.getByRole("region", { name: "Risultati" }).getByRole("article");
    await expect(results.first()).toBeVisible();
    await expect(results.first()).toContainText("Pizza");
    const name = (await results.first().getByRole("heading").textContent())!.trim();
    // The name's link (the heart beside it names the restaurant too).
    await results.first().getByRole("link", { name, exact: true }).click();

    // The search's moment and party go with the diner to the restaurant's picker (decision 055).
    await expect(page).toHaveURL(/\/restaurants\/[0-9a-f-]{36}\?date=\d{4}-\d\d-\d\d&time=\d\d%3A\d\d&people=2$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
    await expect(page.getByText("Orari di oggi")).toBeVisible();
    await expect(page.getByText(/\d{2}:\d{2} – \d{2}:\d{2}|Chiuso oggi/).first()).toBeVisible();
    // Today's tables, or, once today's last seating has passed (the suite runs at any hour), the
    // page saying so: never an empty section.
    const today = page.getByRole("region", { name: /^Tavoli di oggi/ });
    await expect(
      today
        .getByText(/Tavolo \d+/)
        .first()
        .or(today.getByText("Per oggi i turni sono finiti", { exact: false })),
    ).toBeVisible();

    // The back button restores the filtered search from the URL.
    await page.goBack();
    await expect(page).toHaveURL(/location=milano.*category=pizza|category=pizza.*location=milano/);
    await expect(page.getByRole("radio", { name: "Pizza" })).toBeChecked();
  });

  test("asks for a city before searching", PHONE_ONLY_TEST, async ({ page }) => {
    await page.goto("/");
    const hero = page.getByRole("search").first();
    await hero.getByRole("button", { name: "Cerca" }).click();
    await expect(hero.getByText("Inserisci una città").or(hero.getByText("La città è obbligatoria"))).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
  });

  test("sends a visitor who wants to reserve to the login page", PHONE_ONLY_TEST, async ({ page }) => {
    await page.goto("/search?location=roma");
    await page
      .getByRole("region", { name: "Risultati" })
      .getByRole("article")
      .first()
      .getByRole("heading")
      .getByRole("link")
      .click();
    await page
      .getByRole("link", { name: /Prenota/ })
      .or(page.getByRole("button", { name: /Prenota/ }))
      .first()
      .click();
    await expect(page).toHaveURL(/\/login/);
  });

  test("keeps signed-in pages behind the login", PHONE_ONLY_TEST, async ({ page }) => {
    for (const path of ["/history", "/settings", "/favorites", "/reservation/00000000-0000-4000-8000-000000000000"]) {
      await page.goto(path);
      await expect(page, path).toHaveURL(/\/login/);
    }
  });

  test("shows a clear message for an unknown city and an unknown restaurant", PHONE_ONLY_TEST, async ({ page }) => {
    await page.goto("/search?location=Atlantide");
    await expect(page.getByText(/Atlantide/).last()).toBeVisible();
    await page.goto("/restaurants/00000000-0000-4000-8000-000000000000");
    await expect(page.getByText("Ristorante non trovato").first()).toBeVisible();
  });
});

test.describe("languages", () => {
  test("switches to English, keeps it after a reload, and the API answers in English", async ({ page, isMobile }) => {
    await page.goto("/search?location=firenze");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Ristoranti a Firenze");
    // On a phone the language selector lives in the menu.
    if (isMobile) await page.getByRole("button", { name: "Apri il menu" }).click();
    await page
      .getByRole("button", { name: /English/ })
      .first()
      .click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Restaurants in Florence");
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await page.reload();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Restaurants in Florence");
    await expect(page.getByRole("radio", { name: "Meat" })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem("i18nextLng"))).toBe("en");
  });
});

test.describe("accessibility", () => {
  for (const path of ["/", "/search?location=milano&category=pizza", "__restaurant__", "/login"]) {
    test(`no serious or critical axe violations on ${path}`, async ({ page }) => {
      if (path === "__restaurant__") {
        await page.goto("/search?location=napoli");
        await page
          .getByRole("region", { name: "Risultati" })
          .getByRole("article")
          .first()
          .getByRole("heading")
          .getByRole("link")
          .click();
        await expect(page.getByText("Orari di oggi")).toBeVisible();
      } else {
        await page.goto(path);
        await page.waitForLoadState("networkidle");
      }
      await expectNoSeriousA11yViolations(page);
    });
  }
});
