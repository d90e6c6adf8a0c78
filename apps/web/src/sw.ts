/// <reference lib="webworker" />
/*
 * The service worker at /sw.js, scope / (decision 045), built by vite-plugin-pwa (injectManifest)
 * with Workbox: the app shell precached, public pages and their data kept as last seen for offline
 * use, and push notifications shown and opened. Registered by client-app.tsx outside the native app.
 */
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from "workbox-precaching";
import { NavigationRoute, registerRoute, setCatchHandler } from "workbox-routing";
import { NetworkFirst } from "workbox-strategies";
import { ExpirationPlugin } from "workbox-expiration";
import { enable as enableNavigationPreload } from "workbox-navigation-preload";
import type { PushPayload } from "@tavolo/shared/push";

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: { url: string; revision: string | null }[] };

// No directory index or clean URLs: "/" is the server-rendered home, never the raw shell from the precache.
precacheAndRoute(self.__WB_MANIFEST, { directoryIndex: "", cleanURLs: false });
cleanupOutdatedCaches();

// A page is asked of the network while the worker starts, not after (decision 081): a shared link
// on a phone usually finds the worker stopped, and NetworkFirst below takes the preloaded answer.
enableNavigationPreload();

/** How long the network gets before the last-seen copy is shown instead. */
const NETWORK_TIMEOUT_SECONDS = 4;

// Pages: the network first; offline, the copy last seen (public pages are server-rendered).
registerRoute(
  new NavigationRoute(
    new NetworkFirst({
      cacheName: "pages",
      networkTimeoutSeconds: NETWORK_TIMEOUT_SECONDS,
      plugins: [new ExpirationPlugin({ maxEntries: 60, maxAgeSeconds: 7 * 24 * 3600 })],
    }),
    // The API's own pages and the mailbox are never the app's.
    { denylist: [/^\/api\//, /^\/dev\//] },
  ),
);

// The public catalogue's answers (search, restaurants, offers, cities): last seen, for offline pages.
// Signed-in answers are never cached here: a shared device must not keep a diner's data after sign-out.
registerRoute(
  ({ url, request }) =>
    request.method === "GET" &&
    url.origin === self.location.origin &&
    /^\/api\/client\/(restaurants|searchRestaurants|getRestaurant|lastMinute|cities|getAvailable)/.test(url.pathname) &&
    !request.headers.has("authorization"),
  new NetworkFirst({
    cacheName: "public-data",
    networkTimeoutSeconds: NETWORK_TIMEOUT_SECONDS,
    plugins: [new ExpirationPlugin({ maxEntries: 200, maxAgeSeconds: 24 * 3600 })],
  }),
);

// A page never seen, offline: the app's shell, which says it is offline.
setCatchHandler(async ({ request }) => {
  if (request.destination === "document") return (await matchPrecache("/index.html")) ?? Response.error();
  return Response.error();
});

// The first version controls the open pages at once (there is no older one to wait for); a later one
// is activated only when a page asks, below, so claiming then takes over nothing mid-form.
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));

// A new version waits until the page asks (at its next navigation), never taking over mid-form.
self.addEventListener("message", (event) => {
  if ((event.data as { type?: string } | null)?.type === "SKIP_WAITING") void self.skipWaiting();
});

self.addEventListener("push", (event) => {
  let payload: PushPayload;
  try {
    payload = event.data?.json() as PushPayload;
  } catch {
    return;
  }
  if (!payload?.title) return;
  event.waitUntil(
    self.registration.showNotification(payload.title, {
      body: payload.body,
      tag: payload.tag,
      lang: payload.lang,
      icon: "/icons/icon-192.png",
      badge: "/icons/icon-192.png",
      data: { url: payload.url, actions: payload.actions },
      // Not in every browser's typings yet; shown where the platform supports them.
      ...({ actions: payload.actions.map(({ action, title }) => ({ action, title })) } as object),
    }),
  );
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const data = event.notification.data as { url: string; actions: PushPayload["actions"] };
  const path = (event.action && data.actions.find((action) => action.action === event.action)?.url) || data.url;
  const target = new URL(path, self.location.origin);
  // Only the app's own pages: a payload can never send the diner elsewhere.
  if (target.origin !== self.location.origin) return;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
      const open = windows[0];
      if (open) {
        // navigate() needs a page this worker controls; any other gets a window of its own. Focus
        // after: without the click's activation (an older browser) it may be refused, harmlessly.
        const navigated = await open.navigate(target.href).catch(() => null);
        if (navigated) {
          await navigated.focus().catch(() => undefined);
          return;
        }
      }
      await self.clients.openWindow(target.href);
    })(),
  );
});
