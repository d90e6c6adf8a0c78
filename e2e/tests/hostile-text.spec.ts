import { expect, test, type Page, PHONE_ONLY_TEST } from "./support/test";
import { newPerson, registerViaApi, signIn } from "./support/accounts";
import { findBookable } from "./support/booking";

/**
 * Hostile input in the browser (decision 016): what a diner types is shown as text wherever it appears,
 * never parsed as markup, and the page itself could not run an injected inline script anyway (CSP).
 */
const NAME = `<img src=x onerror="window.__xss=1">`;
const REQUESTS = `<script>window.__xss=2</script>`;

/** Neither payload became an element, and no handler or script of theirs ran. */
async function expectInert(page: Page) {
  expect(await page.evaluate(() => (window as { __xss?: unknown }).__xss)).toBeUndefined();
  await expect(page.locator('img[src="x"]')).toHaveCount(0);
  expect(
    await page.evaluate(() => [...document.scripts].filter((script) => script.text.includes("__xss")).length),
  ).toBe(0);
}

test(
  "pages carry no inline script (only non-executed JSON data) and the CSP forbids inline and eval'd scripts",
  PHONE_ONLY_TEST,
  async ({ request }) => {
    // A server-rendered public page and a client-rendered shell (decision 027).
    for (const path of ["/", "/settings"]) {
      const response = await request.get(path);
      expect(response.status()).toBe(200);
      const html = await response.text();
      const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)];
      expect(scripts.some(([, attributes]) => /\bsrc="\/assets\//.test(attributes!))).toBe(true);
      for (const [, attributes, body] of scripts) {
        // The hydration data and JSON-LD are data blocks the browser never runs: they must parse as JSON.
        if (/\btype="application\/(ld\+)?json"/.test(attributes!)) {
          expect(() => JSON.parse(body!), `${path}: ${attributes}`).not.toThrow();
          continue;
        }
        expect(attributes).toMatch(/\bsrc="\/assets\//);
        expect(body!.trim()).toBe("");
      }
      const csp = response.headers()["content-security-policy"] ?? "";
      const scriptSrc = /(?:^|;)\s*script-src ([^;]*)/.exec(csp)?.[1];
      expect(scriptSrc, csp).toBeDefined();
      expect(scriptSrc).not.toContain("'unsafe-inline'");
      expect(scriptSrc).not.toContain("'unsafe-eval'");
    }
  },
);

test(
  "the Permissions-Policy leaves geolocation to our pages only, in feature names chromium knows",
  PHONE_ONLY_TEST,
  async ({ page }) => {
    const policyWarnings: string[] = [];
    page.on("console", (message) => {
      if (/Permissions-Policy/i.test(message.text())) policyWarnings.push(message.text());
    });
    const response = await page.goto("/");
    expect(response?.headers()["permissions-policy"]).toContain("geolocation=(self)");
    const allows = (feature: string) =>
      page.evaluate(
        (name) =>
          (document as { featurePolicy?: { allowsFeature(name: string): boolean } }).featurePolicy?.allowsFeature(name),
        feature,
      );
    expect(await allows("geolocation")).toBe(true);
    for (const feature of ["camera", "microphone", "payment", "usb"])
      expect(await allows(feature), feature).toBe(false);
    expect(policyWarnings).toEqual([]);
  },
);

test("a name and special requests written as markup show as text in the header, settings, booking and history", async ({
  page,
  request,
  isMobile,
}) => {
  const person = newPerson("hostile", NAME, "Rossi");
  await registerViaApi(request, person);
  const target = await findBookable(request, "milano");
  await signIn(page, person, "Accedi");

  // Header (desktop) or the menu (mobile): the name as typed.
  if (isMobile) {
    await page.getByRole("button", { name: "Apri il menu" }).click();
    await expect(page.getByRole("navigation", { name: "Menu" })).toContainText(NAME);
    await page.getByRole("button", { name: "Chiudi il menu" }).click();
  } else {
    await expect(page.getByRole("button", { name: /Menu account di/ })).toContainText(NAME);
  }
  await expectInert(page);

  await page.goto("/settings");
  await expect(page.getByLabel(/^Nome/)).toHaveValue(NAME);
  await expectInert(page);

  await page.goto(`/reservation/${target.id}`);
  const date = page.getByLabel(/^Data/);
  if ((await date.inputValue()) !== target.date) await date.fill(target.date);
  await page.getByRole("combobox", { name: /^Orario/ }).selectOption(target.time);
  await page.getByRole("radio").first().check();
  await page.getByLabel("Richieste particolari").fill(REQUESTS);
  await page.getByRole("button", { name: "Conferma prenotazione" }).click();
  await expect(
    page.getByRole("heading", { name: /Prenotazione confermata!|Richiesta di prenotazione inviata/ }),
  ).toBeVisible();
  await expect(page.getByText(REQUESTS)).toBeVisible();
  await expectInert(page);

  await expect(page).toHaveURL(/\/history$/, { timeout: 5_000 });
  const card = page.getByRole("article").filter({ hasText: target.name });
  await expect(card.getByText(REQUESTS)).toBeVisible();
  await expectInert(page);
});
