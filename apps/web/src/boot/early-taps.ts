import { isAppPath, renderedPageOf } from "@tavolo/shared/app-paths";
import { isPlainClick } from "../lib/plain-click";

/**
 * A rendered page is on screen before the app runs (decision 033): its links and its search form
 * work without JavaScript, its other buttons (the phone menu, "Usa la mia posizione", a day in the
 * picker) do not. A tap on one of them in that moment would be lost. Held instead: the first script
 * keeps each such tap, in order, and taps the same buttons again once the app has taken the page
 * over (hydration keeps the page's own elements, so they are still the ones tapped).
 *
 * A link into a page only the app draws (the booking form, sign-in, the diner's own pages) is held
 * too, until the app starts (decision 080). The browser would load that page afresh, dropping the
 * app's downloads and running it again; the app instead starts right at that page, and does not
 * hydrate the one being left. Links to server-rendered pages stay the browser's: their HTML paints
 * at once.
 */
export interface EarlyTaps {
  /** Where a held link leads (path, query and hash), while links are still held. */
  tappedLink(): string | null;
  /** Stops holding links: the app is about to hydrate this page, or to start at the link's page. */
  takeLink(): string | null;
  /** Stops holding taps on buttons and taps them again, in order. */
  release(): void;
}

/** A tap on a link that the browser would open in this tab, to one of the app's own pages. */
function appLinkOf(event: Event): HTMLAnchorElement | null {
  const link = event.target instanceof Element ? event.target.closest<HTMLAnchorElement>("a[href]") : null;
  if (!link || link.hasAttribute("download") || (link.target && link.target !== "_self")) return null;
  // A new tab or window, or a download: the browser's, as always.
  if (event instanceof MouseEvent && !isPlainClick(event)) return null;
  const url = new URL(link.href, window.location.href);
  if (url.origin !== window.location.origin || !isAppPath(url.pathname) || renderedPageOf(url.pathname)) return null;
  return link;
}

export function holdEarlyTaps(target: Document = document): EarlyTaps {
  const held: HTMLButtonElement[] = [];
  let link: HTMLAnchorElement | null = null;
  let holdingLinks = true;
  const where = () => {
    if (!link) return null;
    const url = new URL(link.href, window.location.href);
    return `${url.pathname}${url.search}${url.hash}`;
  };
  const hold = (event: Event) => {
    const tappedLink = holdingLinks ? appLinkOf(event) : null;
    if (tappedLink) {
      event.preventDefault();
      event.stopImmediatePropagation();
      // The diner sees the tap taken; the last link tapped is the one followed.
      link?.removeAttribute("aria-busy");
      link = tappedLink;
      link.setAttribute("aria-busy", "true");
      return;
    }
    const button = event.target instanceof Element ? event.target.closest("button") : null;
    // A submit button of a form made to work without the app (it names its `action`: the search)
    // sends it as the browser does. Any other form (booking an offer) is the app's: held, so the
    // tap books once the app runs instead of reloading the page (decision 039).
    if (!button || button.disabled) return;
    if (button.type === "submit" && button.form?.hasAttribute("action")) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    held.push(button);
  };
  target.addEventListener("click", hold, true);
  return {
    tappedLink: () => (holdingLinks ? where() : null),
    takeLink: () => {
      if (!holdingLinks) return null;
      holdingLinks = false;
      link?.removeAttribute("aria-busy");
      return where();
    },
    release: () => {
      holdingLinks = false;
      target.removeEventListener("click", hold, true);
      for (const button of held.splice(0)) if (button.isConnected) button.click();
    },
  };
}
