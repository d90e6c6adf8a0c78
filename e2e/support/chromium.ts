/**
 * Debian's Chromium as every browser-driving tool here launches it (e2e, bench/pages). The
 * background-networking flags matter: this machine has no network beyond its package registries,
 * and Chromium's own connections would otherwise fail by the dozen at every start.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/**
 * The same Chromium release built as a headless shell (Debian's chromium-headless-shell), which
 * Playwright itself prefers for headless runs: the e2e suite in it took 6.6 min against 9.5 min in
 * the full browser (decision 078). It shows no notifications, so the installable app's file runs in
 * the full browser.
 */
export const HEADLESS_SHELL_PATH = process.env.CHROMIUM_HEADLESS_SHELL_PATH ?? "/usr/bin/chromium-headless-shell";

export const CHROMIUM_FLAGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];
