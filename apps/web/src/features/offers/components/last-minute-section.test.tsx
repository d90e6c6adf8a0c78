import { useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { RADIUS_KM } from "@tavolo/shared/constants";
import { act, fireEvent, screen, within } from "@testing-library/react";
import { OFFER_LIST_LIMIT } from "@tavolo/shared/offer-time";
import type { LastMinuteOffer } from "@tavolo/shared/offers";
import { offerFixture } from "../../../../test/offer-fixture";
import { renderAt } from "../../../../test/render";
import { answer, apiError, mockFetch } from "../../../../test/mock-api";
import { LastMinuteSection } from "./last-minute-section";
import { eventually } from "../../../../test/eventually";

type SectionProps = Parameters<typeof LastMinuteSection>[0];

const offer = offerFixture;

/** The list answer, from whichever of the two list routes was asked (a city's, or around the diner). */
const list = (offers: LastMinuteOffer[]) => (url: URL) =>
  answer(
    url.pathname.endsWith("/getAvailableLastMinute")
      ? "GET /client/getAvailableLastMinute"
      : "GET /client/getLastMinuteByCity",
    {
      success: true,
      offers,
      city: { slug: "milano", name: "Milano", lat: 45.46, lng: 9.19 },
      nearbyCities: [],
    },
  );

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** The section with the radius held above it, as the search route does (decision 055). */
function Section(props: Omit<SectionProps, "radius" | "onRadiusChange">) {
  const [radius, setRadius] = useState<number>(RADIUS_KM.default);
  return <LastMinuteSection {...props} radius={radius} onRadiusChange={setRadius} />;
}

const section = (
  city = "milano",
  { category = "all", signedIn = false, onLoginRequired = () => {} }: Partial<Omit<SectionProps, "city">> = {},
) =>
  renderAt(<Section city={city} category={category} signedIn={signedIn} onLoginRequired={onLoginRequired} />, {
    path: "/search",
  });

describe("LastMinuteSection", () => {
  it("counts down live, marks 'expiring soon' under 30 minutes and 'expired' when time runs out", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const soon = offer("a", 31.5);
    mockFetch(list([soon]));
    section();
    const card = await screen.findByRole("article");
    // Whole minutes, never "31:00", which reads as a time of day.
    expect(within(card).getByRole("timer")).toHaveTextContent("Scade tra 31 min");
    expect(within(card).queryByText("In scadenza")).toBeNull();
    await act(async () => vi.advanceTimersByTime(91_000));
    expect(within(card).getByText("In scadenza")).toBeInTheDocument();
    expect(within(card).getByRole("timer")).toHaveTextContent("Scade tra 29 min");
    await act(async () => vi.advanceTimersByTime(29 * 60_000));
    expect(within(card).getByRole("timer")).toHaveTextContent("Scade tra meno di un minuto");
    await act(async () => vi.advanceTimersByTime(60_000));
    expect(within(card).getByText("Offerta scaduta")).toBeInTheDocument();
    expect(within(card).queryByRole("timer")).toBeNull();
  });

  it("asks by city, with the nearby cities and radius only when the option is on", async () => {
    const fetch = mockFetch(list([offer("a", 90)]));
    section();
    await screen.findByRole("article");
    const first = new URL(String(fetch.mock.calls.at(-1)![0]), location.origin);
    expect(first.pathname).toBe("/api/client/getLastMinuteByCity");
    expect(first.searchParams.get("includeNearbyCities")).toBe("false");
    expect(first.searchParams.get("radius")).toBeNull();
    // Without the nearby cities the radius would do nothing: it is disabled and says why.
    const slider = screen.getByRole("slider", { name: /Raggio di ricerca/ });
    expect(slider).toBeDisabled();
    expect(slider).toHaveAccessibleDescription(/Il raggio vale per le città vicine/);
    fireEvent.click(screen.getByLabelText("Includi città vicine"));
    expect(slider).toBeEnabled();
    expect(screen.queryByText(/Il raggio vale per le città vicine/)).toBeNull();
    await eventually(() => {
      const last = new URL(String(fetch.mock.calls.at(-1)![0]), location.origin);
      expect(last.searchParams.get("includeNearbyCities")).toBe("true");
      expect(last.searchParams.get("radius")).toBe("10");
    });
  });

  it("counts the offers, and says 'at least' when the list is as long as the API sends", async () => {
    let offers = [offer("a", 90), offer("b", 120)];
    mockFetch((url) => list(offers)(url));
    const first = section();
    expect(await screen.findByText(/2 offerte disponibili/)).toBeInTheDocument();
    first.unmount();
    offers = Array.from({ length: OFFER_LIST_LIMIT }, (_, index) => offer(`o${index}`, 90 + index));
    section("torino");
    expect(await screen.findByText(new RegExp(`Almeno ${OFFER_LIST_LIMIT} offerte disponibili`))).toBeInTheDocument();
  });

  it("shows the first six offers, then all of them on request with the focus on the first new one", async () => {
    mockFetch(list(Array.from({ length: 9 }, (_, index) => offer(`o${index}`, 90 + index))));
    section();
    expect(await screen.findAllByRole("article")).toHaveLength(6);
    fireEvent.click(screen.getByRole("button", { name: "Mostra tutte le 9 offerte" }));
    expect(screen.getAllByRole("article")).toHaveLength(9);
    expect(screen.queryByRole("button", { name: /Mostra tutte/ })).toBeNull();
    await eventually(() => expect(document.activeElement).toHaveTextContent("Trattoria o6"));
  });

  it("shows no 'show all' button when every offer already fits", async () => {
    mockFetch(list(Array.from({ length: 6 }, (_, index) => offer(`o${index}`, 90 + index))));
    section();
    expect(await screen.findAllByRole("article")).toHaveLength(6);
    expect(screen.queryByRole("button", { name: /Mostra tutte/ })).toBeNull();
  });

  it("uses the browser's position when allowed, disabling nearby cities, and says so when it is refused", async () => {
    const fetch = mockFetch(list([offer("a", 90)]));
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
    mockFetch(() => apiError({ success: false, error: "boom", code: "internal" }, 500));
    section();
    expect(await screen.findByText("Impossibile caricare le offerte last minute")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: /Riprova/ })).toBeInTheDocument();
  });

  it("offers the city alert under a city's list that has offers; signed out it asks to sign in first", async () => {
    mockFetch(list([offer("a", 90)]));
    const onLoginRequired = vi.fn();
    section("milano", { onLoginRequired });
    await screen.findByRole("article");
    expect(screen.getByText(/Ti scriviamo appena escono nuove offerte a Milano\./)).toHaveTextContent(
      "Serve un account: accedi e torni qui.",
    );
    fireEvent.click(screen.getByRole("button", { name: "Avvisami per nuove offerte a Milano" }));
    expect(onLoginRequired).toHaveBeenCalledOnce();
  });

  it("registers the alert with the list's reach when signed in, and shows the server's answer", async () => {
    const fetch = mockFetch((url) =>
      url.pathname.endsWith("/registerCityAvailabilityInterest")
        ? answer("POST /client/registerCityAvailabilityInterest", {
            success: true,
            message: "Ti avviseremo via email per Milano.",
            interest: { city: "Milano", citySlug: "milano", includeNearbyCities: false, radius: 10 },
          })
        : list([offer("a", 90)])(url),
    );
    section("milano", { signedIn: true });
    await screen.findByRole("article");
    expect(screen.queryByText(/Serve un account/)).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Avvisami per nuove offerte a Milano" }));
    expect(await screen.findByText("Ti avviseremo via email per Milano.")).toBeInTheDocument();
    const call = fetch.mock.calls.find(([url]) => String(url).includes("registerCityAvailabilityInterest"))!;
    expect(JSON.parse(String(call[1]?.body))).toMatchObject({ city: "milano", includeNearbyCities: false, radius: 10 });
  });

  it("says an empty list is empty for the chosen cuisine, and still offers the alert", async () => {
    mockFetch(list([]));
    section("milano", { category: "sushi" });
    expect(await screen.findByText("Nessuna offerta in questo momento")).toBeInTheDocument();
    expect(
      screen.getByText(
        "A Milano non ci sono offerte Last Minute «Sushi» in questo momento. Prova un'altra cucina o «Tutte».",
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Avvisami per nuove offerte a Milano" })).toBeInTheDocument();
  });
});
