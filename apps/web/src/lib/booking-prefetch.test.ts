import { afterEach, describe, expect, it, vi } from "vitest";
import { paths } from "@tavolo/shared/app-paths";
import { prefetchBookingRouteIfLinked, setBookingRouteLoader } from "./booking-prefetch";

afterEach(() => {
  document.body.replaceChildren();
});

/** A counted loader, handed in as the router hands its own: the module's "already loading" memory starts anew. */
function withLoader() {
  const load = vi.fn(() => Promise.resolve());
  const signIn = vi.fn(() => Promise.resolve());
  setBookingRouteLoader(load, signIn);
  return { prefetchBookingRouteIfLinked, load, signIn };
}

function page(...hrefs: string[]): HTMLElement {
  const root = document.createElement("div");
  for (const href of hrefs) {
    const link = document.createElement("a");
    link.setAttribute("href", href);
    root.append(link);
  }
  document.body.append(root);
  return root;
}

describe("the booking form's code ahead of the tap (decision 059)", () => {
  it("starts downloading when the rendered page links to the form, once", async () => {
    const { prefetchBookingRouteIfLinked, load, signIn } = withLoader();
    const rendered = page(
      paths.restaurant("r-1"),
      paths.reservation("r-1", { date: "2026-11-27", time: "20:00", people: 2 }),
      paths.reservation("r-1", { date: "2026-11-27", time: "20:15", people: 2 }),
    );
    prefetchBookingRouteIfLinked(rendered, { signedIn: true });
    prefetchBookingRouteIfLinked(rendered, { signedIn: true });
    expect(load).toHaveBeenCalledTimes(1);
    // A signed-in diner's tap opens the form itself: no sign-in page to fetch.
    expect(signIn).not.toHaveBeenCalled();
  });

  it("also fetches the sign-in page for a visitor, whose tap leads there first", async () => {
    const { prefetchBookingRouteIfLinked, load, signIn } = withLoader();
    prefetchBookingRouteIfLinked(page(paths.reservation("r-1", { time: "20:00" })), { signedIn: false });
    expect(load).toHaveBeenCalledTimes(1);
    expect(signIn).toHaveBeenCalledTimes(1);
  });

  it("leaves a page with no way to the form alone", async () => {
    const { prefetchBookingRouteIfLinked, load, signIn } = withLoader();
    prefetchBookingRouteIfLinked(
      page(paths.restaurant("r-1"), paths.offer("o-1"), paths.search({ location: "milano" })),
      { signedIn: false },
    );
    expect(load).not.toHaveBeenCalled();
    expect(signIn).not.toHaveBeenCalled();
  });
});
