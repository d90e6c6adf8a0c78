import { describe, expect, it } from "vitest";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { renderAt } from "../../../../test/render";
import { answer, apiError, mockFetch } from "../../../../test/mock-api";
import { forgetLoadedPieces } from "../../../lib/lazy-piece";
import { HistoryPage } from "./history-page";
import { bookingsAnswer, past, upcoming } from "./history-page.fixtures";

describe("HistoryPage: cancelling", () => {
  it("cancels an upcoming booking after a confirmation dialog, and keeps it when the diner changes their mind", async () => {
    // As on a page just opened: the dialog's module arrives after the first tap (decision 061),
    // whatever file of this worker loaded it before (decision 052).
    forgetLoadedPieces();
    let cancelled = false;
    const fetch = mockFetch((url) => {
      if (url.pathname === "/api/client/cancelReservation/r9") {
        cancelled = true;
        return answer("POST /client/cancelReservation/:id", {
          success: true,
          message: "Prenotazione annullata",
          reservation: { ...upcoming, status: "cancelled" as const, canCancel: false },
        });
      }
      const current = cancelled ? { ...upcoming, status: "cancelled" as const, canCancel: false } : upcoming;
      return bookingsAnswer([current, past]);
    });
    renderAt(<HistoryPage userId="u-1" phoneVerified />, { path: "/history" });

    const card = (await screen.findByText("Osteria Uno")).closest("article")!;
    // Special requests are text: the markup shows as typed and nothing is injected.
    expect(within(card).getByText(/<img src=x onerror=alert\(1\)> seggiolone/)).toBeInTheDocument();
    expect(card.querySelector("img[src=x]")).toBeNull();
    // Only the upcoming booking can be cancelled.
    expect(screen.getAllByRole("button", { name: /^Annulla prenotazione/ })).toHaveLength(1);

    fireEvent.click(within(card).getByRole("button", { name: "Annulla prenotazione da Osteria Uno alle 20:00" }));
    let dialog = await screen.findByRole("dialog", { name: "Annullare la prenotazione?" });
    expect(dialog).toHaveTextContent("Osteria Uno");
    expect(dialog).toHaveTextContent("20:00, 2 persone");
    fireEvent.click(within(dialog).getByRole("button", { name: "No, mantienila" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(fetch.mock.calls.some(([url]) => String(url).includes("cancelReservation"))).toBe(false);

    fireEvent.click(within(card).getByRole("button", { name: /^Annulla prenotazione/ }));
    dialog = await screen.findByRole("dialog");
    fireEvent.click(within(dialog).getByRole("button", { name: "Sì, annulla" }));

    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    const notice = screen.getByText("Prenotazione annullata");
    await waitFor(() => expect(notice.closest("[tabindex='-1']")).toHaveFocus());
    const after = screen.getByText("Osteria Uno").closest("article")!;
    expect(after).toHaveTextContent("Annullata");
    expect(within(after).queryByRole("button")).toBeNull();
    const call = fetch.mock.calls.find(([url]) => String(url).includes("cancelReservation"))!;
    expect(call[1]!.method).toBe("POST");

    fireEvent.click(screen.getByRole("radio", { name: "Annullate" }));
    expect(screen.getByText("Osteria Uno")).toBeInTheDocument();
    expect(screen.queryByText("Pizzeria Tre")).not.toBeInTheDocument();
  });

  it("shows the server's reason in the dialog when the booking can no longer be cancelled", async () => {
    mockFetch((url) =>
      url.pathname.includes("cancelReservation")
        ? apiError(
            {
              success: false,
              code: "reservation_not_cancellable",
              error: "Questa prenotazione non può più essere annullata",
            },
            409,
          )
        : bookingsAnswer([upcoming]),
    );
    renderAt(<HistoryPage userId="u-1" phoneVerified />, { path: "/history" });
    fireEvent.click(await screen.findByRole("button", { name: /^Annulla prenotazione/ }));
    fireEvent.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Sì, annulla" }));
    expect(
      await within(screen.getByRole("dialog")).findByText("Questa prenotazione non può più essere annullata"),
    ).toBeInTheDocument();
  });
});

/** The history with one upcoming, cancellable Last Minute booking (no table). */
function renderOfferBooking() {
  const offerBooking = {
    ...upcoming,
    id: "lm",
    kind: "lastMinute" as const,
    lastMinuteId: "o1",
    tableId: null,
    tableNumber: null,
    startsAt: "2099-06-10T18:00:00.000Z",
    endsAt: "2099-06-10T20:00:00.000Z",
  };
  mockFetch(() => bookingsAnswer([offerBooking]));
  renderAt(<HistoryPage userId="u-1" phoneVerified />, { path: "/history" });
}

describe("HistoryPage: Last Minute bookings", () => {
  it("marks an offer booking as Last Minute and shows no table for it", async () => {
    renderOfferBooking();
    const card = (await screen.findByText("Osteria Uno")).closest("article")!;
    expect(within(card).getByText("Last Minute")).toBeInTheDocument();
    expect(within(card).queryByText(/^Tavolo/)).toBeNull();
    expect(within(card).getByRole("button", { name: /^Annulla prenotazione/ })).toBeInTheDocument();
  });

  it("keeps the confirmation's arrival instructions on the booking (that screen moves on after 2 s)", async () => {
    renderOfferBooking();
    const card = (await screen.findByText("Osteria Uno")).closest("article")!;
    expect(card).toHaveTextContent(
      "Ti aspettano tra le 20:00 e le 22:00: all'arrivo di' che hai prenotato con Tavolo Last Minute.",
    );
  });

  it("asks to cancel an offer booking in terms of seats, not a table, keep first and cancel last", async () => {
    renderOfferBooking();
    fireEvent.click(await screen.findByRole("button", { name: /^Annulla prenotazione da Osteria Uno/ }));
    const dialog = await screen.findByRole("dialog");
    expect(dialog).toHaveTextContent("I posti torneranno disponibili nell'offerta Last Minute per altri clienti.");
    expect(dialog).not.toHaveTextContent(/tavolo/i);
    // The safe choice comes first (left, or on top on a phone); the destructive one last.
    expect(
      within(dialog)
        .getAllByRole("button", { name: /annulla|mantieni/i })
        .map((b) => b.textContent),
    ).toEqual(["No, mantienila", "Sì, annulla"]);
  });
});

describe("HistoryPage: phone banner", () => {
  it("links to /completeProfile while the phone is unverified, and not once it is", async () => {
    mockFetch(() => bookingsAnswer([]));
    const view = renderAt(<HistoryPage userId="u-1" phoneVerified={false} />, { path: "/history" });
    expect(screen.getByRole("link", { name: "Verifica il numero di telefono" })).toHaveAttribute(
      "href",
      "/completeProfile",
    );
    expect(await screen.findByText("Nessuna prenotazione")).toBeInTheDocument();
    view.unmount();
    renderAt(<HistoryPage userId="u-1" phoneVerified />, { path: "/history" });
    expect(await screen.findByText("Nessuna prenotazione")).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "Verifica il numero di telefono" })).toBeNull();
  });
});
