import { mkdirSync } from "node:fs";
import { expect, test, type APIRequestContext, expectHydrated, PHONE_ONLY_TEST } from "./support/test";
import { imageSize, jsonLdOf, metaContent, tagsOf, textOf } from "./support/raw-html";

/**
 * Decision 027: the four public pages arrive rendered, with their head, for link
 * previews and crawlers (raw HTML, no browser); in the browser they hydrate into the working app;
 * with JavaScript off their content is still there.
 */
const SHOTS = process.env.SSR_SHOTS_DIR;

interface Pages {
  restaurant: { id: string; name: string; address: string };
  offer: { id: string; restaurantName: string };
}

async function pickPages(request: APIRequestContext): Promise<Pages> {
  const search = (await (await request.get("/api/client/searchRestaurantsByLocation?location=milano")).json()) as {
    restaurants: { id: string; name: string; address: string }[];
  };
  const offers = (await (await request.get("/api/client/getLastMinuteByCity?city=milano")).json()) as {
    offers: { id: string; restaurantName: string }[];
  };
  return { restaurant: search.restaurants[0]!, offer: offers.offers[0]! };
}

const pageList = (pages: Pages) => [
  { name: "home", path: "/", h1: /Un tavolo per stasera/, named: "Tavolo", ldTypes: null },
  {
    name: "search",
    path: "/search?location=milano",
    h1: /Ristoranti a Milano/,
    named: "Milano",
    // Structured data only where schema.org has a type for the page itself (decision 028).
    ldTypes: null,
  },
  {
    name: "restaurant",
    path: `/restaurants/${pages.restaurant.id}`,
    h1: pages.restaurant.name,
    named: pages.restaurant.name,
    ldTypes: ["Restaurant"],
  },
  {
    name: "offer",
    path: `/lastminute/${pages.offer.id}`,
    h1: pages.offer.restaurantName,
    named: pages.offer.restaurantName,
    ldTypes: ["Offer", "Event"],
  },
];

test.describe("server-rendered pages, raw HTML (no browser)", () => {
  test(
    "each page has its h1, title, description, canonical, hreflang, share tags, card image and JSON-LD",
    PHONE_ONLY_TEST,
    async ({ request }) => {
      const pages = await pickPages(request);
      for (const page of pageList(pages)) {
        const response = await request.get(page.path, { headers: { "accept-language": "it-IT,it" } });
        expect(response.status(), page.path).toBe(200);
        const html = await response.text();
        expect(html, page.path).toContain('<html lang="it"');
        const h1 = textOf(html, "h1");
        if (typeof page.h1 === "string") expect(h1, page.path).toBe(page.h1);
        else expect(h1, page.path).toMatch(page.h1);
        expect(textOf(html, "title"), page.path).toContain(page.named);
        expect(metaContent(html, "description")?.length ?? 0, page.path).toBeGreaterThan(20);

        const links = tagsOf(html, "link");
        const canonical = links.find((link) => link.rel === "canonical")?.href;
        expect(canonical, page.path).toMatch(/^https?:\/\//);
        const alternates = Object.fromEntries(
          links.filter((link) => link.rel === "alternate" && link.hreflang).map((link) => [link.hreflang, link.href]),
        );
        expect(Object.keys(alternates).sort(), page.path).toEqual(["en", "it", "x-default"]);
        expect(alternates.it, page.path).toBe(canonical);

        expect(metaContent(html, "og:title"), page.path).toContain(page.named);
        const image = metaContent(html, "og:image");
        expect(image, page.path).toMatch(/^https?:\/\//);
        const picture = await request.get(new URL(image!).pathname + new URL(image!).search);
        expect(picture.status(), image).toBe(200);
        expect(picture.headers()["content-type"], image).toMatch(/^image\/(png|jpeg)/);
        expect(imageSize(await picture.body()), image).toMatchObject({ width: 1200, height: 630 });

        if (!page.ldTypes) continue;
        const ld = jsonLdOf(html);
        const typed = ld.filter((item) => page.ldTypes.includes(String(item["@type"])));
        expect(typed.length, `${page.path}: JSON-LD of type ${page.ldTypes.join("/")}`).toBeGreaterThan(0);
        expect(JSON.stringify(typed), page.path).toContain(page.named);
      }
    },
  );

  test(
    "the English version: ?lang=en, or the language cookie, or Accept-Language",
    PHONE_ONLY_TEST,
    async ({ request }) => {
      const pages = await pickPages(request);
      const path = `/restaurants/${pages.restaurant.id}`;
      const ways: Record<string, string>[] = [{}, { cookie: "i18nextLng=en" }, { "accept-language": "en-GB,en;q=0.8" }];
      for (const headers of ways) {
        const url = Object.keys(headers).length ? path : `${path}?lang=en`;
        const html = await (await request.get(url, { headers })).text();
        expect(html, JSON.stringify(headers)).toContain('<html lang="en"');
        // React writes the apostrophe as &#x27;.
        expect(html, JSON.stringify(headers)).toMatch(/Today(&#x27;|')s hours/);
      }
    },
  );

  test(
    "a restaurant or an offer that does not exist is a 404 with the not-found page",
    PHONE_ONLY_TEST,
    async ({ request }) => {
      for (const path of [
        "/restaurants/00000000-0000-4000-8000-000000000000",
        "/lastminute/00000000-0000-4000-8000-000000000000",
      ]) {
        const response = await request.get(path);
        expect(response.status(), path).toBe(404);
        expect(textOf(await response.text(), "h1"), path).toBe(
          path.startsWith("/restaurants/") ? "Ristorante non trovato" : "Offerta non trovata",
        );
      }
    },
  );
});

/** Clicks before hydration would land on inert HTML: wait until the app has taken the page over. */

test.describe("server-rendered pages in the browser", () => {
  test("search hydrates into the working app: cuisine filter, result links", async ({ page }) => {
    await page.goto("/search?location=milano");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Ristoranti a Milano");
    await expectHydrated(page);
    await page.getByRole("radio", { name: "Pizza" }).click();
    await expect(page).toHaveURL(/category=pizza/);
    await expect(page.getByRole("radio", { name: "Pizza" })).toBeChecked();
    const results = page.getByRole("region", { name: "Risultati" }).getByRole("article");
    await expect(results.first()).toContainText("Pizza");
  });

  test("restaurant and offer: booking links lead to sign-in and back; the language switch works", async ({
    page,
    request,
    isMobile,
  }) => {
    const pages = await pickPages(request);
    await page.goto(`/restaurants/${pages.restaurant.id}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(pages.restaurant.name);
    await expectHydrated(page);
    await page.getByRole("link", { name: "Prenota un tavolo" }).first().click();
    await expect(page).toHaveURL(/\/login\?next=%2Freservation%2F/);

    await page.goto(`/lastminute/${pages.offer.id}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(pages.offer.restaurantName);
    await expectHydrated(page);
    // On a phone the language switch sits in the menu.
    if (isMobile) await page.getByRole("button", { name: "Apri il menu" }).click();
    await page.getByRole("group", { name: "Lingua" }).getByRole("button", { name: "English" }).click();
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    // The choice is kept for the server too: the next page arrives rendered in English.
    const cookies = await page.context().cookies();
    expect(cookies.find((cookie) => cookie.name === "i18nextLng")?.value).toBe("en");
    const html = await (await page.request.get(`/restaurants/${pages.restaurant.id}`)).text();
    expect(html).toContain('<html lang="en"');
    await page.goto(`/restaurants/${pages.restaurant.id}`);
    await expect(page.getByText("Today's hours")).toBeVisible();
  });
});

test.describe("server-rendered pages without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test(
    "search from home and from a results page: the form is sent to /search, keeping the cuisine and party",
    PHONE_ONLY_TEST,
    async ({ page }) => {
      await page.goto("/");
      const form = page.getByRole("search");
      await form.getByRole("combobox", { name: "Città" }).fill("Milano");
      await form.getByLabel("Cucina").selectOption("pizza");
      await form.getByRole("button", { name: "Cerca" }).click();
      await expect(page).toHaveURL(/\/search\?location=Milano&category=pizza$/);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Ristoranti a Milano");

      await page.goto("/search?location=milano&category=pizza&people=4");
      await page.getByRole("search").getByRole("combobox", { name: "Città" }).fill("Roma");
      await page.getByRole("search").getByRole("button", { name: "Cerca" }).click();
      await expect(page).toHaveURL(/\/search\?location=Roma&category=pizza&people=4$/);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Ristoranti a Roma");
    },
  );

  test("show names, addresses, hours, offers and their links", async ({ page, request }, testInfo) => {
    const pages = await pickPages(request);
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Un tavolo per stasera?");
    await expect(page.getByRole("link", { name: /Milano/ }).first()).toBeVisible();

    await page.goto("/search?location=milano");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Ristoranti a Milano");
    const results = page.getByRole("region", { name: "Risultati" }).getByRole("article");
    await expect(results.first().locator('a[href^="/restaurants/"]').first()).toBeVisible();
    await expect(page.locator(`a[href="/lastminute/${pages.offer.id}"]`).first()).toBeVisible();

    await page.goto(`/restaurants/${pages.restaurant.id}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(pages.restaurant.name);
    await expect(page.getByText(pages.restaurant.address).first()).toBeVisible();
    await expect(page.getByText("Orari di oggi")).toBeVisible();

    await page.goto(`/lastminute/${pages.offer.id}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(pages.offer.restaurantName);
    await expect(page.getByTestId("seats-left")).toBeVisible();

    if (SHOTS) {
      mkdirSync(SHOTS, { recursive: true });
      const viewport = page.viewportSize();
      const size = `${viewport?.width}x${viewport?.height}`;
      for (const language of ["it", "en"]) {
        for (const [name, path] of [
          ["home", "/"],
          ["search", "/search?location=milano"],
          ["restaurant", `/restaurants/${pages.restaurant.id}`],
          ["offer", `/lastminute/${pages.offer.id}`],
        ] as const) {
          await page.goto(`${path}${path.includes("?") ? "&" : "?"}lang=${language}`);
          await page.screenshot({
            path: `${SHOTS}/${name}-${language}-${size}-${testInfo.project.name}.png`,
            fullPage: true,
          });
        }
      }
    }
  });
});
