import { afterEach, describe, expect, it, vi } from "vitest";
import { act, fireEvent, screen, within } from "@testing-library/react";
import { OFFER_LIST_LIMIT } from "@tavolo/shared/offer-time";
import type { LastMinuteOffer } from "@tavolo/shared/offers";
import { offerFixture } from "../../../../test/offer-fixture";
import { json, mockFetch, renderAt } from "../../../../test/render";
import { LastMinuteSection } from "./last-minute-section";

const list = (offers: LastMinuteOffer[]) =>
  json({ success: true, offers, city: { slug: "milano", name: "Milano" }, nearbyCities: [] });

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const section = (city = "milano") =>
  renderAt(<LastMinuteSection city={city} category="all" signedIn={false} onLoginRequired={() => {}} />, {
    path: "/search",
  });

describe("LastMinuteSection", () => {
  it("counts down live, marks 'expiring soon' under 30 minutes and 'expired' when time runs out", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const soon = offerFixture("a", 31);
    mockFetch(() => list([soon]));
    section();
    const card = await screen.findByRole("article");
    expect(within(card).getByRole("timer")).toHaveTextContent("Scade tra 31:00");
    expect(within(card).queryByText("In scadenza")).toBeNull();
    await act(async () => vi.advanceTimersByTime(61_000));
    expect(within(card).getByText("In scadenza")).toBeInTheDocument();
    await act(async () => vi.advanceTimersByTime(30 * 60_000));
    expect(within(card).getByText("Offerta scaduta")).toBeInTheDocument();
    expect(within(card).queryByRole("timer")).toBeNull();
  });

  it("asks by city, with the nearby cities and radius only when the option is on", async () => {
    const fetch = mockFetch(() => list([offerFixture("a", 90)]));
    section();
    await screen.findByRole("article");
    const first = new URL(String(fetch.mock.calls.at(-1)![0]), location.origin);
    expect(first.pathname).toBe("/api/client/getLastMinuteByCity");
    expect(first.searchParams.get("includeNearbyCities")).toBe("false");
    expect(first.searchParams.get("radius")).toBeNull();
    fireEvent.click(screen.getByLabelText("Includi città vicine"));
    await vi.waitFor(() => {
      const last = new URL(String(fetch.mock.calls.at(-1)![0]), location.origin);
      expect(last.searchParams.get("includeNearbyCities")).toBe("true");
      expect(last.searchParams.get("radius")).toBe("10");
    });
  });

  it("counts the offers, and says 'at least' when the list is as long as the API sends", async () => {
    let offers = [offerFixture("a", 90), offerFixture("b", 120)];
    mockFetch(() => list(offers));
    const first = section();
    expect(await screen.findByText(/2 offerte disponibili/)).toBeInTheDocument();
    first.unmount();
    offers = Array.from({ length: OFFER_LIST_LIMIT }, (_, index) => offerFixture(`o${index}`, 90 + index));
    section("torino");
    expect(await screen.findByText(new RegExp(`Almeno ${OFFER_LIST_LIMIT} offerte disponibili`))).toBeInTheDocument();
  });

  it("shows the first six offers, then all of them on request with the focus on the first new one", async () => {
    mockFetch(() => list(Array.from({ length: 9 }, (_, index) => offerFixture(`o${index}`, 90 + index))));
    section();
    expect(await screen.findAllByRole("article")).toHaveLength(6);
    fireEvent.click(screen.getByRole("button", { name: "Mostra tutte le 9 offerte" }));
    expect(screen.getAllByRole("article")).toHaveLength(9);
    expect(screen.queryByRole("button", { name: /Mostra tutte/ })).toBeNull();
    await vi.waitFor(() => expect(document.activeElement).toHaveTextContent("Trattoria o6"));
  });

  it("shows no 'show all' button when every offer already fits", async () => {
    mockFetch(() => list(Array.from({ length: 6 }, (_, index) => offerFixture(`o${index}`, 90 + index))));
    section();
    expect(await screen.findAllByRole("article")).toHaveLength(6);
    expect(screen.queryByRole("button", { name: /Mostra tutte/ })).toBeNull();
  });

  it("uses the browser's position when allowed, disabling nearby cities, and says so when it is refused", async () => {
    const fetch = mockFetch(() => list([offerFixture("a", 90)]));
    let allow = true;
    vi.stubGlobal("navigator", {
      ...navigator,
      geolocation: {
        getCurrentPosition: (ok: PositionCallback, fail: PositionErrorCallback) =>
          allow
            ? ok({ coords: { latitude: 45.45212, longitude: 9.17681 } } as GeolocationPosition)
            : fail({ code: 1 } as GeolocationPositionError),
      },
    });
    section("");
    expect(screen.getByText(/Scrivi una città o usa la tua posizione/)).toBeInTheDocument();
    fireEvent.click(screen.getByRole("button", { name: "Usa la mia posizione" }));
    await screen.findByRole("article");
    const url = new URL(String(fetch.mock.calls.at(-1)![0]), location.origin);
    expect(url.pathname).toBe("/api/client/getAvailableLastMinute");
    expect(url.searchParams.get("lat")).toBe("45.45212");
    expect(url.searchParams.get("radius")).toBe("10");
    expect(screen.getByLabelText("Includi città vicine")).toBeDisabled();
    expect(screen.getByRole("button", { name: "Usa la mia posizione" })).toHaveAttribute("aria-pressed", "true");

    allow = false;
    fireEvent.click(screen.getByRole("button", { name: "Usa la mia posizione" }));
    fireEvent.click(screen.getByRole("button", { name: "Usa la mia posizione" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Impossibile rilevare la tua posizione");
  });

  it("shows errors.failedToFetchOffers with a retry when the list fails", async () => {
    mockFetch(() => json({ success: false, error: "boom", code: "internal" }, 500));
    section();
    expect(await screen.findByText("Impossibile caricare le offerte last minute")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: /Riprova/ })).toBeInTheDocument();
  });
});
