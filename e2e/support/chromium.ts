/**
 * Debian's Chromium as every browser-driving tool here launches it (e2e, bench/pages). The
 * background-networking flags matter: this machine has no network beyond its package registries,
 * and Chromium's own connections would otherwise fail by the dozen at every start.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export const CHROMIUM_FLAGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];
