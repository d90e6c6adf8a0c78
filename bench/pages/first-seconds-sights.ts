import type { BrowserContext, Page } from "@playwright/test";

/**
 * How the first-seconds bench sees and taps (decision 080). A diner's phone runs no test tool: the
 * bench's looking must not cost the page's main thread, nor its noticing delay the diner's next tap.
 *
 * - **Seen**: a small watcher, installed before the page's own scripts, checks on every frame for
 *   what the diner looks for (a CSS selector, and the accessible name read from `aria-label` or the
 *   text). The moment it is on screen and painted is read by the page's clock (`Date.now()`, the
 *   machine's, which the runner shares). Playwright's locators first install its injected script in
 *   the page and then run its role engine over the whole page on each poll: on the throttled CPU
 *   that held the main thread while the page started, and a shown form was noticed about 450 ms late.
 * - **Tapped**: a touch at the element's centre through the browser's input pipeline
 *   (`touchscreen.tap`), as a finger lands, without the actionability checks of `locator.click()`
 *   (two stable frames, a hit test), which took 300–450 ms of the throttled page before each tap.
 *
 * A reaction time is not counted: the figure is the app's, from the link to the confirmation.
 */
export interface Sight {
  /** Candidates, by CSS. */
  css: string;
  /** The accessible name to match, read from `aria-label` or else the text. */
  name?: RegExp;
}

export interface Seen {
  /** When it showed, by the machine's clock (ms since the epoch). */
  at: number;
  x: number;
  y: number;
}

/**
 * The watcher, as page source: a function of the runner would come through its TypeScript loader,
 * which wraps named functions in a helper the page does not have. `__firstSecondsSeen(css, name,
 * flags)` resolves once a match is in view and a frame has been painted with it.
 */
const WATCHER = `
window.__firstSecondsSeen = (css, source, flags) => new Promise((resolve) => {
  const pattern = source ? new RegExp(source, flags) : null;
  const look = () => {
    const found = [...document.querySelectorAll(css)].find((element) => {
      const box = element.getBoundingClientRect();
      const label = (element.getAttribute("aria-label") ?? element.textContent ?? "").trim();
      return box.width > 0 && box.height > 0 && (!pattern || pattern.test(label));
    });
    if (!found) return requestAnimationFrame(look);
    const box = found.getBoundingClientRect();
    if (box.top < 0 || box.bottom > window.innerHeight) {
      // Below the fold: the diner scrolls to it, and it is seen once in view.
      found.scrollIntoView({ block: "center" });
      return requestAnimationFrame(look);
    }
    // A frame callback runs before that frame's paint: the time is read once it has been painted.
    requestAnimationFrame(() => setTimeout(() => {
      const now = found.getBoundingClientRect();
      resolve({ at: Date.now(), x: now.x + now.width / 2, y: now.y + now.height / 2 });
    }));
  };
  look();
});
`;

/** Every page of the context gets the watcher before its own scripts run. */
export async function watchForSights(context: BrowserContext): Promise<void> {
  await context.addInitScript(WATCHER);
}

const NAVIGATED = /Execution context was destroyed|Target page, context or browser has been closed|navigat/i;

/** Waits until the page shows what a diner looks for; then where it is, and when it showed. */
export async function whenShown(page: Page, sight: Sight, timeoutMs: number): Promise<Seen> {
  const deadline = Date.now() + timeoutMs;
  const args = [sight.css, sight.name?.source ?? "", sight.name?.flags ?? ""] as const;
  for (;;) {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`${sight.css} ${sight.name ?? ""} not shown`)),
        Math.max(0, deadline - Date.now()),
      );
    });
    try {
      const seen = page.evaluate(
        ([css, source, flags]) =>
          (
            globalThis as unknown as { __firstSecondsSeen(css: string, source: string, flags: string): Promise<Seen> }
          ).__firstSecondsSeen(css, source, flags),
        args,
      );
      return await Promise.race([seen, timeout]);
    } catch (error) {
      // A full page load (a link followed before the app ran) ends the watch: watch the new page.
      if (!(error instanceof Error) || !NAVIGATED.test(error.message) || Date.now() >= deadline) throw error;
    } finally {
      clearTimeout(timer);
    }
  }
}

/** A finger on the element's centre. */
export async function tapAt(page: Page, seen: Seen): Promise<void> {
  await page.touchscreen.tap(seen.x, seen.y);
}
