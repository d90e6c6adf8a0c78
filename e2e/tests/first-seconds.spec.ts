import { expect, expectHydrated, test, type Page } from "./support/test";
import { codeIn, latestMail, newPerson, registerViaApi, sendSignInForm, signIn } from "./support/accounts";
import { findBookable } from "./support/booking";
import { throttle } from "./support/throttle";

/**
 * The diner's first seconds on a slow phone (decisions 038, 039), every test on Lighthouse's mobile
 * profile. Pages are opened on a page of the test's own (not the fixture's, whose goto waits for the
 * app): what matters is what the diner sees and taps before the app runs.
 */
const SIGN_IN_CTA = /^(Accedi|Registrati|Accedi per prenotare|Accedi per salvare tra i preferiti)$/;

async function offerId(page: Page): Promise<string> {
  const response = await page.request.get("/api/client/getLastMinuteByCity?city=milano");
  const { offers } = (await response.json()) as { offers: { id: string }[] };
  return offers[0]!.id;
}

test.describe("the first seconds on a slow phone", () => {
  test("an early tap on 'Accedi per prenotare' keeps its target, and signing in comes back to the offer", async ({
    context,
    request,
  }) => {
    const person = newPerson("early-tap");
    await registerViaApi(request, person);
    const page = await context.newPage();
    const id = await offerId(page);
    await throttle(page);
    await page.goto(`/lastminute/${id}`, { waitUntil: "commit" });
    const cta = page.getByRole("link", { name: "Accedi per prenotare" });
    await cta.waitFor();
    // Tapped the moment it shows, whether the app has started or not.
    const href = await cta.getAttribute("href");
    expect(href).toBe(`/login?next=${encodeURIComponent(`/lastminute/${id}`)}`);
    await cta.click();
    await expect(page).toHaveURL(new RegExp(`/login\\?next=%2Flastminute%2F${id}$`));
    await sendSignInForm(page, person);
    await expect(page).toHaveURL(new RegExp(`/lastminute/${id}$`), { timeout: 20_000 });
    await expect(page.getByRole("button", { name: "Conferma la prenotazione" })).toBeVisible();
  });

  test("a chip tapped before the app runs opens the form in the app, at the chip's seating, with no page load", async ({
    context,
    request,
  }) => {
    const person = newPerson("early-chip");
    await registerViaApi(request, person);
    const page = await context.newPage();
    await signIn(page, person);
    const bookable = await findBookable(request, "milano");
    // The app's entry waits for the tap: it is surely tapped before the app runs (decision 080).
    let release = () => {};
    const tapped = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/app-[\w-]+\.js$/, async (route) => {
      await tapped;
      await route.continue();
    });
    const documents: string[] = [];
    page.on("request", (asked) => asked.resourceType() === "document" && documents.push(new URL(asked.url()).pathname));
    await throttle(page);
    await page.goto(`/restaurants/${bookable.id}`, { waitUntil: "commit" });
    const chip = page
      .getByRole("list", { name: /^Orari liberi per/ })
      .getByRole("link")
      .first();
    const href = (await chip.getAttribute("href"))!;
    const time = new URLSearchParams(href.slice(href.indexOf("?"))).get("time")!;
    await chip.click();
    // Held, and shown held, until the app starts: not a page load of a form only the app draws.
    await expect(chip).toHaveAttribute("aria-busy", "true");
    release();
    await expect(page).toHaveURL(href);
    const form = page.getByRole("form", { name: "Dati della prenotazione" });
    await expect(form.getByRole("group", { name: "Tavolo" }).getByRole("radio", { checked: true })).toBeVisible({
      timeout: 20_000,
    });
    await expect(form.getByLabel(/^Orario/)).toHaveValue(time);
    expect(documents).toEqual([`/restaurants/${bookable.id}`]);
    // One step back is the restaurant's page again, drawn by the app.
    await page.goBack();
    await expect(page.getByRole("heading", { level: 1, name: bookable.name })).toBeVisible();
    expect(documents).toEqual([`/restaurants/${bookable.id}`]);
  });

  test("a signed-in diner never sees a sign-in call to action on a public page, even before the app runs", async ({
    context,
    request,
  }) => {
    const person = newPerson("hinted");
    await registerViaApi(request, person);
    const page = await context.newPage();
    await signIn(page, person);
    const bookable = await findBookable(request, "milano");
    const id = await offerId(page);
    await throttle(page);
    for (const url of [`/lastminute/${id}`, `/restaurants/${bookable.id}`, "/search?location=milano", "/"]) {
      const seen = new Set<string>();
      const watch = async () => {
        for (const link of await page.getByRole("link", { name: SIGN_IN_CTA }).all()) {
          if (await link.isVisible().catch(() => false)) seen.add(`${url}: ${await link.textContent()}`);
        }
      };
      await page.goto(url, { waitUntil: "commit" });
      // Look again and again while the page paints, hydrates and learns the session.
      while (
        (await page
          .locator("html")
          .getAttribute("data-hydrated")
          .catch(() => null)) !== "true"
      ) {
        await watch();
        await page.waitForTimeout(100);
      }
      await page.waitForTimeout(300);
      await watch();
      expect([...seen]).toEqual([]);
    }
  });

  test("registering in the middle of a booking comes back to the booking form", async ({ context, request }) => {
    const bookable = await findBookable(request, "milano");
    const person = newPerson("mid-booking");
    const page = await context.newPage();
    await throttle(page);
    await page.goto(`/restaurants/${bookable.id}`);
    await expectHydrated(page);
    const chip = page
      .getByRole("list", { name: /^Orari liberi per/ })
      .getByRole("link")
      .first();
    // A visitor's chip leads to sign-in on the way to the form (decision 065), as the server wrote it.
    const href = (await chip.getAttribute("href"))!;
    expect(href).toMatch(new RegExp(`^/login\\?next=%2Freservation%2F${bookable.id}%3F`));
    const target = new URLSearchParams(href.slice(href.indexOf("?"))).get("next")!;
    await chip.click();
    await expect(page).toHaveURL(/\/login\?next=/);
    // The sign-in page's own link, once it shows: the address changes before the new page is drawn,
    // and the restaurant page's bottom bar has a «Registrati» of its own (back to the restaurant).
    await page.getByRole("main").getByRole("link", { name: "Registrati" }).click();
    await expect(page).toHaveURL(/\/register\?next=/);
    await page.getByLabel(/^Nome/).fill(person.firstName);
    await page.getByLabel(/^Cognome/).fill(person.lastName);
    await page.getByLabel(/^Email/).fill(person.email);
    await page.getByLabel(/^Password/).fill(person.password);
    await page.getByLabel(/^Conferma password/).fill(person.password);
    await page.getByRole("checkbox", { name: /termini e le condizioni/ }).check();
    await expect(page.getByRole("checkbox", { name: /offerte e novità/ })).not.toBeChecked();
    await page.getByRole("button", { name: "Crea account" }).click();
    await expect(page).toHaveURL(/\/email-verification\?.*next=/);
    await page.getByRole("link", { name: "Inserisci il codice" }).click();
    const mail = await latestMail(request, person.email, "verification-code");
    await page.getByLabel(/^Codice di verifica/).fill(codeIn(mail));
    await page.getByRole("button", { name: "Continua" }).click();
    await expect(page).toHaveURL(target, { timeout: 20_000 });
    await expect(page.getByRole("button", { name: "Conferma prenotazione" })).toBeVisible();
  });

  test("offline: a move to another screen shows a notice in the normal shell, keeps the page, and goes on when back", async ({
    context,
  }) => {
    const page = await context.newPage();
    await throttle(page);
    await page.goto("/");
    await expectHydrated(page);
    const heading = await page.getByRole("heading", { level: 1 }).textContent();
    // The search page's code is in already (one city seen, then back): only its data is missing offline.
    const cities = page.locator('a[href^="/search?location="]:visible');
    await cities.last().click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(/^Ristoranti a /);
    await page.goBack();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading!);
    await context.setOffline(true);
    // Another city of the home page: a screen whose data must come over the network.
    const city = cities.first();
    const target = (await city.getAttribute("href"))!;
    await city.click();
    await expect(page.getByTestId("offline-notice")).toContainText("Sei offline");
    await expect(page.getByRole("banner")).toBeVisible();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading!);
    await expect(page.getByText("Qualcosa è andato storto")).toHaveCount(0);
    await context.setOffline(false);
    await expect(page).toHaveURL(target, { timeout: 20_000 });
    await expect(page.getByTestId("offline-notice")).not.toContainText("Sei offline");
  });
});
