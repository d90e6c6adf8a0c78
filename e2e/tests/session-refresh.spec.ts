import { expect, test } from "./support/test";
import { expectSignedIn, newPerson, registerViaApi } from "./support/accounts";

test("concurrent 401s share one refresh, and the session carries on", async ({ page, request, isMobile }) => {
  const person = newPerson("refresh", "Sara", "Neri");
  await registerViaApi(request, person);
  await page.goto("/login");
  await page.getByLabel(/^Email/).fill(person.email);
  await page.getByLabel(/^Password/).fill(person.password);
  await page.getByRole("button", { name: "Accedi", exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
  // Leave the app for a same-origin file with no script before touching the token: a call of the
  // home page still under way would otherwise start its own refresh, cut short by the navigation
  // below, and replaying its rotated-away refresh token ends the session by design.
  await page.waitForLoadState("networkidle");
  await page.goto("/favicon.svg");

  // An access token the server refuses (signature no longer matches), as an expired one would be.
  const tampered = await page.evaluate(() => {
    const token = localStorage.getItem("auth_token")!;
    const last = token.at(-2) === "A" ? "B" : "A";
    const bad = `${token.slice(0, -2)}${last}${token.at(-1)}`;
    localStorage.setItem("auth_token", bad);
    return bad;
  });
  // Hold the profile calls that carry the bad token until both are in flight, and the refresh a
  // moment longer: every 401 then lands while the one refresh is under way, as on a slow network.
  const held: (() => Promise<void>)[] = [];
  await page.route(/\/api\/client\/(user-profile|getUserProfile\/)/, async (route) => {
    if (route.request().headers().authorization !== `Bearer ${tampered}`) return route.continue();
    held.push(() => route.continue());
    if (held.length === 2) for (const release of held.splice(0)) await release();
  });
  await page.route("**/api/client/refresh-token", async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 300));
    await route.continue();
  });
  const refreshes: string[] = [];
  const refused: string[] = [];
  page.on("request", (req) => {
    if (req.url().endsWith("/api/client/refresh-token")) refreshes.push(req.url());
  });
  page.on("response", (res) => {
    if (res.status() === 401) refused.push(new URL(res.url()).pathname);
  });

  // /settings: the start re-validates the stored session and the header re-reads the profile, at once.
  await page.goto("/settings");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Profilo e impostazioni");
  await expect.poll(() => refused.length).toBeGreaterThanOrEqual(2);
  await expect.poll(() => page.evaluate(() => localStorage.getItem("auth_token"))).not.toBe(tampered);
  expect(refused.sort()).toEqual(expect.arrayContaining(["/api/client/user-profile"]));
  expect(refused.some((path) => path.startsWith("/api/client/getUserProfile/"))).toBe(true);
  expect(refreshes).toHaveLength(1);

  // Still signed in: a second refresh with the rotated-away token would have revoked the session.
  await expectSignedIn(page, "Sara Neri", isMobile);
  const stillValid = await page.evaluate(async () => {
    const response = await fetch("/api/client/user-profile", {
      headers: { Authorization: `Bearer ${localStorage.getItem("auth_token")}` },
    });
    return response.status;
  });
  expect(stillValid).toBe(200);
});
