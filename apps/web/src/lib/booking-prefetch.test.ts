import { afterEach, describe, expect, it, vi } from "vitest";
import { createElement, type ReactNode } from "react";
import { renderHook } from "@testing-library/react";
import { QueryClient } from "@tanstack/react-query";
import { paths } from "@tavolo/shared/app-paths";
import { Wrapper } from "../../test/render";
import { mockFetch } from "../../test/mock-api";
import { prefetchBookingRouteIfLinked, setBookingRouteLoader, usePrefetchBookingDay } from "./booking-prefetch";

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

describe("the day's free times ahead of a tap (decision 039)", () => {
  function renderDay() {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const fetch = mockFetch(() => new Promise<Response>(() => {}));
    const wrapper = ({ children }: { children: ReactNode }) => createElement(Wrapper, { client, children });
    const view = renderHook(() => usePrefetchBookingDay("r-1", { date: "2026-11-27", people: 2 }), { wrapper });
    const asked = () => fetch.mock.calls.filter(([url]) => String(url).includes("/getAvailableTables/r-1")).length;
    return { ...view, asked };
  }

  it("are asked once the page is idle", async () => {
    vi.useFakeTimers();
    const { asked } = renderDay();
    expect(asked()).toBe(0);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(asked()).toBe(1);
  });

  it("are not asked when the chips leave the screen first", async () => {
    vi.useFakeTimers();
    const { unmount, asked } = renderDay();
    unmount();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(asked()).toBe(0);
  });
});
