import type { DataRouter } from "react-router";

type AppRouter = Pick<DataRouter, "subscribe" | "state">;

/**
 * Registers /sw.js (decision 045) in a production build in the browser; never in the native app,
 * whose WebView serves the bundle itself (decision 010). A new version waits, and takes over at the
 * diner's next navigation: the page just left cannot be a form half filled in. It then reloads the
 * page arrived at, so the new worker and the new app start together.
 */
export function registerServiceWorker(router: AppRouter): void {
  if (!import.meta.env.PROD || !("serviceWorker" in navigator)) return;
  if (window.Capacitor?.isNativePlatform?.() === true) return;
  void import("workbox-window").then(({ Workbox }) => {
    const workbox = new Workbox("/sw.js", { scope: "/" });
    workbox.addEventListener("waiting", () => {
      const from = router.state.location.key;
      const stop = router.subscribe((state) => {
        if (state.navigation.state !== "idle" || state.location.key === from) return;
        stop();
        workbox.addEventListener("controlling", () => window.location.reload());
        workbox.messageSkipWaiting();
      });
    });
    // A browser that refuses the worker (a private window, a policy, an automated browser that blocks
    // it) keeps the app as it is, without offline pages: nothing to tell the diner, and no unhandled
    // rejection in the console.
    workbox.register().catch(() => {});
  });
}
