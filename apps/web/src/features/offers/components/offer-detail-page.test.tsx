import { describe, expect, it, vi } from "vitest";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { RESERVATION_REDIRECT_MS } from "@tavolo/shared/constants";
import type { Reservation } from "@tavolo/shared/reservations";
import { offerFixture } from "../../../../test/offer-fixture";
import { renderAt, signInAs } from "../../../../test/render";
import { answer, mockFetch, answerSessionCheck } from "../../../../test/mock-api";
import { OfferDetailPage } from "./offer-detail-page";

const lastTwoSeats = offerFixture("o1", 90, {
  restaurantName: "Antica Osteria",
  totalSeats: 6,
  currentAvailableSeats: 2,
  startTime: "20:00",
  endTime: "22:00",
});

const booking: Reservation = {
  id: "res-1",
  restaurantId: "r-1",
  restaurantName: "Antica Osteria",
  restaurant: {
    id: "r-1",
    name: "Antica Osteria",
    imageUrl: "/images/restaurants/pizza-1.svg",
    location: "45.46,9.19",
    city: "Milano",
  } as Reservation["restaurant"],
  date: "2026-11-23",
  time: "20:00",
  kind: "lastMinute",
  lastMinuteId: "o1",
  tableId: null,
  tableNumber: null,
  numberOfPeople: 2,
  status: "confirmed",
  createdAt: new Date().toISOString(),
  specialRequests: "Un seggiolone",
  startsAt: new Date().toISOString(),
  endsAt: new Date().toISOString(),
  canCancel: true,
  attending: false,
};

function renderOffer(onBooked = vi.fn()) {
  signInAs();
  const fetch = mockFetch(
    (url) =>
      answerSessionCheck(url) ??
      (url.pathname.endsWith("/bookLastMinute")
        ? answer(
            "POST /client/bookLastMinute",
            {
              success: true,
              message: "Offerta Last Minute prenotata!",
              reservation: booking,
              // The seats this booking took were the last ones.
              offer: { ...lastTwoSeats, currentAvailableSeats: 0, isSoldOut: true },
            },
            201,
          )
        : answer("GET /client/getLastMinuteById/:id", { success: true, offer: lastTwoSeats })),
  );
  renderAt(<OfferDetailPage id="o1" signedIn loginLink={{ to: "/login" }} onBooked={onBooked} />, {
    path: "/lastminute/o1",
  });
  return { fetch, onBooked };
}

describe("OfferDetailPage: booking", () => {
  it("confirms the booking that took the last seats, never 'sold out', then leaves after 2 s", async () => {
    const { onBooked } = renderOffer();
    fireEvent.change(await screen.findByLabelText(/^Persone/), { target: { value: "2" } });
    fireEvent.change(screen.getByLabelText("Note per il ristorante"), { target: { value: "Un seggiolone" } });
    vi.useFakeTimers({ shouldAdvanceTime: true });
    fireEvent.click(screen.getByRole("button", { name: "Conferma la prenotazione" }));

    const confirmation = await screen.findByRole("region", { name: "Offerta Last Minute prenotata!" });
    expect(screen.queryByText("Posti esauriti")).toBeNull();
    const facts = within(confirmation);
    expect(facts.getByText("Antica Osteria")).toBeInTheDocument();
    expect(facts.getByText("lunedì 23 novembre")).toBeInTheDocument();
    expect(facts.getByText("20:00 – 22:00")).toBeInTheDocument();
    expect(facts.getByText("2 persone")).toBeInTheDocument();
    expect(facts.getByText("Via Roma 1, Milano")).toBeInTheDocument();
    expect(facts.getByText("Un seggiolone")).toBeInTheDocument();
    expect(confirmation).toHaveTextContent("Ti aspettano tra le 20:00 e le 22:00");
    expect(facts.getByRole("link", { name: "Vai subito" })).toHaveAttribute("href", "/history");
    // The news takes the focus the vanished form had.
    expect(document.activeElement).toHaveTextContent("Offerta Last Minute prenotata!");

    expect(onBooked).not.toHaveBeenCalled();
    vi.advanceTimersByTime(RESERVATION_REDIRECT_MS);
    await waitFor(() => expect(onBooked).toHaveBeenCalledOnce());
  });

  it("still shows 'sold out' to anyone else who opens the offer with no seats left", async () => {
    signInAs();
    mockFetch(
      (url) =>
        answerSessionCheck(url) ??
        answer("GET /client/getLastMinuteById/:id", {
          success: true,
          offer: { ...lastTwoSeats, currentAvailableSeats: 0, isSoldOut: true },
        }),
    );
    renderAt(<OfferDetailPage id="o1" signedIn loginLink={{ to: "/login" }} onBooked={() => {}} />, {
      path: "/lastminute/o1",
    });
    expect(await screen.findByText("Posti esauriti")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Conferma la prenotazione" })).toBeNull();
    // The way on: the other offers and restaurants of the offer's city.
    const city = lastTwoSeats.city;
    expect(screen.getByRole("link", { name: `Altre offerte a ${city}` })).toHaveAttribute(
      "href",
      `/search?location=${encodeURIComponent(city)}`,
    );
  });

  it("once expired shows no free seats, discount or deadline beside 'Offerta scaduta'", async () => {
    const expired = offerFixture("o2", -5, { discountPercent: 30, isExpired: true, currentAvailableSeats: 4 });
    mockFetch(() => answer("GET /client/getLastMinuteById/:id", { success: true, offer: expired }));
    renderAt(<OfferDetailPage id="o2" signedIn={false} loginLink={{ to: "/login" }} onBooked={vi.fn()} />, {
      path: "/lastminute/o2",
    });
    expect((await screen.findAllByText("Offerta scaduta")).length).toBeGreaterThan(0);
    expect(screen.queryByTestId("seats-left")).toBeNull();
    expect(screen.queryByText("-30%")).toBeNull();
    expect(screen.queryByText(/Prenotabile fino/)).toBeNull();
  });
});
