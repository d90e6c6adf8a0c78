import { describe, expect, it, vi } from "vitest";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { offerFixture } from "../../../../test/offer-fixture";
import { reservationFixture } from "../../../../test/fixtures";
import { renderAt } from "../../../../test/render";
import { answer, apiError, mockFetch } from "../../../../test/mock-api";
import { useBookLastMinute } from "../api/book-last-minute";
import { OfferBookingForm } from "./offer-booking-form";

const offer = offerFixture("6f1c1d0e-2b43-4c3e-9f6a-0d6c2f1b7a10", 90);

/** The page owns the booking mutation (decision 022); the form only drives it. */
function FormWithBooking() {
  const book = useBookLastMinute();
  return <OfferBookingForm offer={offer} book={book} onStale={vi.fn()} />;
}

describe("OfferBookingForm", () => {
  it("sends the chosen party as a JSON number, as the API requires, and the trimmed notes", async () => {
    const sent: unknown[] = [];
    mockFetch((url, init) => {
      if (url.pathname !== "/api/client/bookLastMinute")
        return apiError({ success: false, error: "Risorsa non trovata", code: "not_found" }, 404);
      sent.push(JSON.parse(String(init.body)));
      return answer(
        "POST /client/bookLastMinute",
        {
          success: true,
          message: "Offerta Last Minute prenotata!",
          reservation: reservationFixture({
            kind: "lastMinute",
            lastMinuteId: offer.id,
            tableId: null,
            tableNumber: null,
          }),
          offer,
        },
        201,
      );
    });
    renderAt(<FormWithBooking />);

    fireEvent.change(screen.getByRole("combobox", { name: /^Persone/ }), { target: { value: "3" } });
    fireEvent.change(screen.getByRole("textbox", { name: /^Note/ }), { target: { value: "  finestra  " } });
    fireEvent.click(screen.getByRole("button", { name: "Conferma la prenotazione" }));

    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ lastMinuteId: offer.id, people: 3, notes: "finestra" });
    expect(typeof (sent[0] as { people: unknown }).people).toBe("number");
  });
});
