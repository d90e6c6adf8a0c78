/// <reference lib="webworker" />
import type { PushPayload } from "@tavolo/shared/push";
import { expect, test } from "./support/test";

/** The installable app (decision 045): manifest, service worker, offline pages, a push shown and tapped. */
test.describe("installable app", () => {
  test.skip(({ isMobile }) => isMobile, "one browser is enough: the worker is the same at every width");

  test("has a manifest with PNG icons and a service worker at /sw.js with scope /", async ({ page, request }) => {
    const manifest = await (await request.get("/manifest.webmanifest")).json();
    expect(manifest).toMatchObject({ short_name: "Tavolo", start_url: "/", display: "standalone", lang: "it" });
    expect(manifest.icons).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ sizes: "192x192", type: "image/png" }),
        expect.objectContaining({ sizes: "512x512", type: "image/png", purpose: "any" }),
        expect.objectContaining({ sizes: "512x512", purpose: "maskable" }),
      ]),
    );
    await page.goto("/");
    const worker = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.ready;
      return { script: registration.active?.scriptURL, scope: registration.scope };
    });
    expect(worker.script).toMatch(/\/sw\.js$/);
    expect(new URL(worker.scope).pathname).toBe("/");
  });

  test("a public page seen once opens offline", async ({ page, context }) => {
    await page.goto("/search?location=bologna");
    await page.evaluate(() => navigator.serviceWorker.ready);
    // Seen once with the worker in control, so the worker keeps it.
    await page.reload();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Ristoranti a Bologna");
    await context.setOffline(true);
    await page.reload();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Ristoranti a Bologna");
    await context.setOffline(false);
  });

  test("a push delivered to the worker shows its notification; a tap on it opens its page", async ({
    page,
    context,
    baseURL,
  }) => {
    await context.grantPermissions(["notifications"], { origin: baseURL });
    await page.goto("/");
    await page.evaluate(() => navigator.serviceWorker.ready);
    const cdp = await context.newCDPSession(page);
    const registrationId = new Promise<string>((resolve) => {
      cdp.on("ServiceWorker.workerRegistrationUpdated", ({ registrations }) => {
        const found = registrations.find((registration) => registration.scopeURL === `${baseURL}/`);
        if (found) resolve(found.registrationId);
      });
    });
    await cdp.send("ServiceWorker.enable");
    const payload: PushPayload = {
      kind: "booking",
      lang: "it",
      tag: "reservation-e2e",
      title: "Prenotazione spostata: Trattoria e2e",
      body: "Ora è ven 28 nov alle 21:00, 2 persone.",
      url: "/search?location=milano",
      actions: [],
    };
    await cdp.send("ServiceWorker.deliverPushMessage", {
      origin: baseURL!,
      registrationId: await registrationId,
      data: JSON.stringify(payload),
    });
    await expect
      .poll(() =>
        page.evaluate(async () =>
          (await (await navigator.serviceWorker.ready).getNotifications()).map((note) => note.title),
        ),
      )
      .toEqual([payload.title]);
    // The tap: the worker's own notificationclick, with the notification it showed.
    const [worker] = context.serviceWorkers();
    await worker!.evaluate(async () => {
      const scope = self as unknown as ServiceWorkerGlobalScope;
      const [notification] = await scope.registration.getNotifications();
      scope.dispatchEvent(new NotificationEvent("notificationclick", { notification: notification! }));
    });
    await expect(page).toHaveURL(/\/search\?location=milano$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Ristoranti a Milano");
  });
});
