import { afterEach, describe, expect, it, vi } from "vitest";
import { createElement, type ReactNode } from "react";
import { renderHook } from "@testing-library/react";
import { QueryClient } from "@tanstack/react-query";
import { paths } from "@tavolo/shared/app-paths";
import { Wrapper } from "../../test/render";
import { mockFetch } from "../../test/mock-api";
import { BOOKING_FILES_ID } from "@tavolo/shared/rendered-page";
import { createApiClient } from "./api-client";
import {
  prefetchBookingFilesIfLinked,
  prefetchForBookingLink,
  setBookingRouteLoader,
  usePrefetchBookingDay,
} from "./booking-prefetch";

afterEach(() => {
  document.body.replaceChildren();
  document.getElementById(BOOKING_FILES_ID)?.remove();
  for (const link of document.head.querySelectorAll('link[rel="prefetch"]')) link.remove();
});

/** A rendered page's template of the form's and the sign-in page's files, as page-document.ts writes it. */
function bookingFiles() {
  const files = document.createElement("template");
  files.id = BOOKING_FILES_ID;
  files.innerHTML =
    '<link rel="prefetch" as="script" crossorigin href="/assets/reservation-1.js" data-route="reservation">' +
    '<link rel="prefetch" as="style" crossorigin href="/assets/reservation-1.css" data-route="reservation">' +
    '<link rel="prefetch" as="script" crossorigin href="/assets/login-1.js" data-route="login">';
  document.body.append(files);
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

const prefetched = () =>
  [...document.head.querySelectorAll('link[rel="prefetch"]')].map((link) => link.getAttribute("href"));

describe("the booking form's files ahead of the tap (decisions 059, 064)", () => {
  it("start downloading when the rendered page links to the form, once, and run nothing", async () => {
    const load = vi.fn(() => Promise.resolve());
    setBookingRouteLoader(load);
    bookingFiles();
    const rendered = page(
      paths.restaurant("r-1"),
      paths.reservation("r-1", { date: "2026-11-27", time: "20:00", people: 2 }),
      paths.reservation("r-1", { date: "2026-11-27", time: "20:15", people: 2 }),
    );
    prefetchBookingFilesIfLinked(rendered, { signedIn: true });
    prefetchBookingFilesIfLinked(rendered, { signedIn: true });
    // A signed-in diner's tap opens the form itself: no sign-in page to fetch.
    expect(prefetched()).toEqual(["/assets/reservation-1.js", "/assets/reservation-1.css"]);
    // Downloads only: the form's module is not imported (its code runs when a chip is touched).
    expect(load).not.toHaveBeenCalled();
  });

  it("also fetch the sign-in page's for a visitor, whose tap leads there first", async () => {
    bookingFiles();
    // A visitor's chips lead to the sign-in page, which leads on to the form (decision 065).
    const chip = paths.login({ next: paths.reservation("r-1", { time: "20:00" }) });
    prefetchBookingFilesIfLinked(page(paths.login({ next: paths.restaurant("r-1") }), chip), { signedIn: false });
    expect(prefetched()).toEqual(["/assets/reservation-1.js", "/assets/reservation-1.css", "/assets/login-1.js"]);
  });

  it("leave the head once downloaded, so the touch's import preloads the form's modules together", async () => {
    bookingFiles();
    prefetchBookingFilesIfLinked(page(paths.reservation("r-1", { time: "20:00" })), { signedIn: false });
    const [script, style, signIn] = document.head.querySelectorAll<HTMLLinkElement>('link[rel="prefetch"]');
    script!.dispatchEvent(new Event("load"));
    signIn!.dispatchEvent(new Event("error"));
    // Vite's preload helper skips a file any `<link>` names: a downloaded one must not stay named.
    expect(prefetched()).toEqual(["/assets/reservation-1.css"]);
    style!.dispatchEvent(new Event("load"));
    expect(prefetched()).toEqual([]);
  });

  it("leave a page with no way to the form alone", async () => {
    bookingFiles();
    prefetchBookingFilesIfLinked(
      page(
        paths.restaurant("r-1"),
        paths.offer("o-1"),
        paths.search({ location: "milano" }),
        // A heart's sign-in, which comes back to the page, not to the form.
        paths.login({ next: paths.restaurant("r-1") }),
      ),
      { signedIn: false },
    );
    expect(prefetched()).toEqual([]);
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

  it("are asked once the page is idle, and the form's code still waits for a touch", async () => {
    vi.useFakeTimers();
    const load = vi.fn(() => Promise.resolve());
    setBookingRouteLoader(load);
    const { asked } = renderDay();
    expect(asked()).toBe(0);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(asked()).toBe(1);
    expect(load).not.toHaveBeenCalled();
  });

  it("are not asked when the chips leave the screen first", async () => {
    vi.useFakeTimers();
    const { unmount, asked } = renderDay();
    unmount();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(asked()).toBe(0);
  });
});

describe("a booking link the app starts at, tapped before it ran (decision 080)", () => {
  function start(link: string) {
    const load = vi.fn(() => Promise.resolve());
    setBookingRouteLoader(load);
    const fetch = mockFetch(() => new Promise<Response>(() => {}));
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const api = createApiClient({
      baseUrl: "/api",
      timeoutMs: 10_000,
      getToken: () => null,
      getLanguage: () => "it",
      translate: (key) => key,
    });
    prefetchForBookingLink(client, api, link);
    const asked = fetch.mock.calls.map(([url]) => {
      const { pathname, searchParams } = new URL(String(url), "http://localhost");
      return `${pathname} ${searchParams.get("time") ?? "day"}`;
    });
    return { load, asked };
  }

  it("asks a chip's seating and runs the form's code at once, as a touch on the chip does", () => {
    const { load, asked } = start(paths.reservation("r 1", { date: "2026-11-27", time: "20:00", people: 2 }));
    expect(load).toHaveBeenCalledOnce();
    expect(asked).toEqual(["/api/client/getAvailableTables/r%201 day", "/api/client/getAvailableTables/r%201 20:00"]);
  });

  it("runs only the form's code for a link that names no seating, or a hand-edited one", () => {
    for (const link of [
      paths.reservation("r-1"),
      paths.reservation("r-1", { date: "2026-11-27", people: 2 }),
      "/reservation/r-1?date=27/11/2026&time=20:00&people=2",
      "/reservation/r-1?date=2026-11-27&time=25:00&people=2",
      "/reservation/%E0%A4%A?date=2026-11-27&time=20:00&people=2",
    ]) {
      const { load, asked } = start(link);
      expect(load, link).toHaveBeenCalledOnce();
      expect(asked, link).toEqual([]);
    }
  });

  it("leaves a move, and any other page, to their own pages", () => {
    for (const link of [
      paths.reservation("r-1", { date: "2026-11-27", time: "20:00", people: 2, modify: "b-1" }),
      paths.login({ next: paths.reservation("r-1", { time: "20:00" }) }),
      paths.history(),
    ]) {
      const { load, asked } = start(link);
      expect(load, link).not.toHaveBeenCalled();
      expect(asked, link).toEqual([]);
    }
  });
});
