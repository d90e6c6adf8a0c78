/*
 * The page's first script, kept small: it imports the base stylesheet and what src/boot/ holds, so
 * the start chunk (the app, React and the router) is not fetched with it (vite.config.ts, decision 033).
 */
import "./styles/global.css";
import { HYDRATION_DATA_ID } from "@tavolo/shared/rendered-page";
import { afterNextPaint, markInlinedStylesheets } from "./boot/first-paint";
import { holdEarlyTaps } from "./boot/early-taps";
import { fetchPageFiles } from "./boot/page-files";

if (document.getElementById(HYDRATION_DATA_ID)) {
  // A server-rendered page (decision 027) is complete HTML: its links and search form work without
  // JavaScript. So the browser paints it first and only then fetches and runs the app, whatever the
  // network: on a fast link with a slow phone, the start chunk would otherwise arrive before the
  // first paint and run ahead of it. A tap on a button meanwhile waits for the app, and a link into
  // a page only the app draws leads the app there (boot/early-taps, decision 080).
  const early = holdEarlyTaps();
  markInlinedStylesheets();
  await afterNextPaint();
  const app = import("./client-app");
  // After the app's own files, which the import above has just asked for: they come first.
  fetchPageFiles();
  try {
    await (await app).startApp(early);
  } catch (error) {
    // The app did not load (offline, a broken deploy): a held link is the browser's to follow after all.
    const link = early.takeLink();
    if (link) window.location.assign(link);
    throw error;
  }
  early.release();
} else {
  // Every other page is the empty shell (and the native app): the app at once, preloaded.
  await (await import("./client-app")).startApp();
}
