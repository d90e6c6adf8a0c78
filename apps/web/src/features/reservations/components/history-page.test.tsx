import { describe, expect, it, vi } from "vitest";
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { Reservation } from "@tavolo/shared/reservations";
import { reservationFixture } from "../../../../test/fixtures";
import { renderAt } from "../../../../test/render";
import { answer, apiError, mockFetch } from "../../../../test/mock-api";
import i18n from "../../../i18n/i18n";
import { storage } from "../../../lib/storage";
import { HistoryPage } from "./history-page";

/** The diner's bookings as GET /client/getUserReservations/:userId sends them. */
const bookingsAnswer = (list: Reservation[]) =>
  answer("GET /client/getUserReservations/:userId", { success: true, reservations: list });

const reservations = [
  reservationFixture({ id: "r1", date: "2025-06-10", numberOfPeople: 2, tableNumber: 4 }),
  reservationFixture({
    id: "r2",
    restaurant: { ...reservationFixture().restaurant, id: "b", name: "Trattoria Due" },
    date: "2025-06-12",
    time: "21:00",
    numberOfPeople: 4,
    status: "pending",
    tableNumber: 7,
  }),
  reservationFixture({
    id: "r3",
    restaurant: { ...reservationFixture().restaurant, id: "c", name: "Pizzeria Tre" },
    date: "2025-05-01",
    time: "19:30",
    numberOfPeople: 3,
    status: "completed",
    tableNumber: null,
  }),
];

describe("HistoryPage", () => {
  it("lists reservations and filters them by status with the five chips", async () => {
    const fetch = mockFetch(() => bookingsAnswer(reservations));
    renderAt(<HistoryPage userId="u-1" phoneVerified />, { path: "/history" });
    expect(await screen.findByText("Osteria Uno")).toBeInTheDocument();
    expect(String(fetch.mock.calls[0]![0])).toBe("/api/client/getUserReservations/u-1");
    expect(screen.getAllByRole("radio").map((radio) => radio.closest("label")!.textContent)).toEqual([
      "Tutte",
      "In attesa",
      "Confermate",
      "Annullate",
      "Completate",
    ]);
    expect(screen.getByText("Trattoria Due")).toBeInTheDocument();
    expect(screen.getByText("4 persone")).toBeInTheDocument();
    expect(screen.getByText("Tavolo 7")).toBeInTheDocument();

    fireEvent.click(screen.getByRole("radio", { name: "In attesa" }));
    expect(screen.getByText("Trattoria Due")).toBeInTheDocument();
    expect(screen.queryByText("Osteria Uno")).not.toBeInTheDocument();
    expect(screen.getByText("Trattoria Due").closest("article")).toHaveTextContent("In attesa");

    fireEvent.click(screen.getByRole("radio", { name: "Annullate" }));
    expect(screen.getByRole("heading", { name: "Nessuna prenotazione annullata" })).toBeInTheDocument();
    expect(screen.getByText("Nessuna delle tue prenotazioni ha lo stato «Annullate».")).toBeInTheDocument();
    // Not the first-booking invitation: the diner has bookings, just none with this status.
    expect(screen.queryByText(/prenota il tuo primo tavolo/)).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Mostra tutte le prenotazioni" }));
    expect(screen.getByText("Osteria Uno")).toBeInTheDocument();
    expect(screen.getByRole("radio", { name: "Tutte" })).toBeChecked();
  });

  it("keeps the active filter in the URL: it opens filtered, and a chip rewrites ?status=", async () => {
    mockFetch(() => bookingsAnswer(reservations));
    const { router } = renderAt(<HistoryPage userId="u-1" phoneVerified />, {
      path: "/history",
      at: "/history?status=pending",
    });
    expect(await screen.findByText("Trattoria Due")).toBeInTheDocument();
    expect(screen.queryByText("Osteria Uno")).toBeNull();
    expect(screen.getByRole("radio", { name: "In attesa" })).toBeChecked();

    fireEvent.click(screen.getByRole("radio", { name: "Completate" }));
    expect(router.state.location.search).toBe("?status=completed");
    expect(screen.getByText("Pizzeria Tre")).toBeInTheDocument();
    fireEvent.click(screen.getByRole("radio", { name: "Tutte" }));
    expect(router.state.location.search).toBe("");
  });

  it("ignores an unknown ?status= and shows everything", async () => {
    mockFetch(() => bookingsAnswer(reservations));
    renderAt(<HistoryPage userId="u-1" phoneVerified />, { path: "/history", at: "/history?status=bogus" });
    expect(await screen.findByText("Osteria Uno")).toBeInTheDocument();
    expect(screen.getByRole("radio", { name: "Tutte" })).toBeChecked();
  });

  it("lists upcoming bookings first, soonest on top, then past and cancelled ones, latest on top", async () => {
    const now = Date.now();
    const at = (days: number) => new Date(now + days * 86_400_000).toISOString();
    const booking = (id: string, days: number, status: Reservation["status"]) =>
      reservationFixture({
        id,
        restaurant: { ...reservationFixture().restaurant, id, name: `Ristorante ${id}` },
        date: at(days).slice(0, 10),
        time: "20:00",
        numberOfPeople: 2,
        status,
        startsAt: at(days),
        endsAt: at(days + 0.05),
        // Made in the order the server sends them: newest booking first.
        createdAt: at(-days),
      });
    mockFetch(() =>
      bookingsAnswer([
        booking("week", 7, "confirmed"),
        booking("cancelled", 3, "cancelled"),
        booking("tonight", 0.2, "pending"),
        booking("lastMonth", -30, "completed"),
        booking("yesterday", -1, "completed"),
        booking("tomorrow", 1, "confirmed"),
      ]),
    );
    renderAt(<HistoryPage userId="u-1" phoneVerified />, { path: "/history" });
    const upcoming = await screen.findByRole("region", { name: "In programma" });
    const names = (region: HTMLElement) =>
      within(region)
        .getAllByRole("article")
        .map((card) => within(card).getByRole("heading").textContent);
    expect(names(upcoming)).toEqual(["Ristorante tonight", "Ristorante tomorrow", "Ristorante week"]);
    expect(names(screen.getByRole("region", { name: "Passate e annullate" }))).toEqual([
      "Ristorante cancelled",
      "Ristorante yesterday",
      "Ristorante lastMonth",
    ]);
  });
});

const upcoming = reservationFixture({
  id: "r9",
  date: "2099-06-10",
  time: "20:00",
  numberOfPeople: 2,
  tableNumber: 4,
  status: "confirmed",
  specialRequests: "<img src=x onerror=alert(1)> seggiolone",
  canCancel: true,
});
const past = { ...reservations[2]!, canCancel: false };
const tooMany = () => apiError({ success: false, code: "rate_limited", error: "Troppe richieste", retryAfter: 1 }, 429);
const historyCalls = (fetch: ReturnType<typeof mockFetch>) =>
  fetch.mock.calls.filter(([url]) => String(url).includes("getUserReservations")).length;

describe("HistoryPage: cancelling", () => {
  it("cancels an upcoming booking after a confirmation dialog, and keeps it when the diner changes their mind", async () => {
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

describe("HistoryPage: 429", () => {
  it("with nothing cached, retries after 2, 4 and 8 s saying 'Troppe richieste', then offers a manual retry", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"] });
    let limited = true;
    const fetch = mockFetch(() => (limited ? tooMany() : bookingsAnswer(reservations)));
    renderAt(<HistoryPage userId="u-1" phoneVerified />, { path: "/history" });
    // Advance the clock, then give the answer a few milliseconds to be read and rendered.
    const advance = async (ms: number) => {
      await act(() => vi.advanceTimersByTimeAsync(ms));
      for (let turn = 0; turn < 10; turn += 1) {
        await act(() => new Promise((resolve) => setImmediate(resolve)));
        await act(() => vi.advanceTimersByTimeAsync(1));
      }
    };

    await advance(0); // t ≈ 10 ms
    expect(historyCalls(fetch)).toBe(1);
    expect(screen.getByText("Troppe richieste al server. Nuovo tentativo automatico tra 2 s…")).toBeInTheDocument();
    await advance(1_900); // t ≈ 1.9 s
    expect(historyCalls(fetch)).toBe(1);
    await advance(100); // t ≈ 2 s: first retry
    expect(historyCalls(fetch)).toBe(2);
    expect(screen.getByText("Troppe richieste al server. Nuovo tentativo automatico tra 4 s…")).toBeInTheDocument();
    await advance(3_900); // t ≈ 5.9 s
    expect(historyCalls(fetch)).toBe(2);
    await advance(100); // t ≈ 6 s: second retry, 4 s after the first
    expect(historyCalls(fetch)).toBe(3);
    await advance(7_900);
    expect(historyCalls(fetch)).toBe(3);
    await advance(100); // t ≈ 14 s: third retry, 8 s after the second
    expect(historyCalls(fetch)).toBe(4);
    // Three retries, then it stops and says why.
    await advance(60_000);
    expect(historyCalls(fetch)).toBe(4);
    expect(screen.getByText("Troppe richieste al server. Attendi qualche secondo e riprova.")).toBeInTheDocument();

    limited = false;
    fireEvent.click(screen.getByRole("button", { name: "Riprova" }));
    await advance(0);
    expect(screen.getByText("Osteria Uno")).toBeInTheDocument();
  });

  it("with a cached list, a 429 keeps showing it and does not retry", async () => {
    let limited = false;
    const fetch = mockFetch(() => (limited ? tooMany() : bookingsAnswer(reservations)));
    const { client } = renderAt(<HistoryPage userId="u-1" phoneVerified />, { path: "/history" });
    expect(await screen.findByText("Osteria Uno")).toBeInTheDocument();

    limited = true;
    await act(() => client.refetchQueries({ queryKey: ["reservations", "user", "u-1"] }));
    expect(historyCalls(fetch)).toBe(2);
    expect(screen.getByText("Osteria Uno")).toBeInTheDocument();
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("asks once for a user however many parts of the page want the list (cached 5 minutes)", async () => {
    const fetch = mockFetch(() => bookingsAnswer(reservations));
    renderAt(
      <>
        <HistoryPage userId="u-1" phoneVerified />
        <HistoryPage userId="u-1" phoneVerified />
      </>,
      { path: "/history" },
    );
    expect(await screen.findAllByText("Osteria Uno")).toHaveLength(2);
    expect(historyCalls(fetch)).toBe(1);
  });

  it("offers Modifica on upcoming table bookings only, opening the form on that booking", async () => {
    const upcoming = reservationFixture({ id: "r7", time: "20:30", canCancel: true, status: "confirmed" });
    const offer = reservationFixture({
      id: "r8",
      restaurant: { ...reservationFixture().restaurant, id: "b", name: "Trattoria Due" },
      kind: "lastMinute",
      lastMinuteId: "o1",
      tableId: null,
      tableNumber: null,
      canCancel: true,
    });
    mockFetch(() => bookingsAnswer([upcoming, offer, reservations[2]!]));
    renderAt(<HistoryPage userId="u-1" phoneVerified />, { path: "/history" });
    const card = (await screen.findByText("Osteria Uno")).closest("article")!;
    expect(
      within(card).getByRole("link", { name: "Modifica la prenotazione da Osteria Uno delle 20:30" }),
    ).toHaveAttribute("href", "/reservation/a?modify=r7");
    // A Last Minute booking holds offer seats and is not moved; a past one neither.
    expect(
      within(screen.getByText("Trattoria Due").closest("article")!).queryByRole("link", { name: /^Modifica/ }),
    ).toBeNull();
    expect(
      within(screen.getByText("Pizzeria Tre").closest("article")!).queryByRole("link", { name: /^Modifica/ }),
    ).toBeNull();
  });

  it("marks an upcoming booking the diner said 'Ci sarò' to, in both languages; never a past one", async () => {
    const upcoming = reservationFixture({ id: "r7", canCancel: true, status: "confirmed", attending: true });
    const past = { ...reservations[2]!, attending: true };
    mockFetch(() => bookingsAnswer([upcoming, past]));
    renderAt(<HistoryPage userId="u-1" phoneVerified />, { path: "/history" });
    const card = (await screen.findByText("Osteria Uno")).closest("article")!;
    expect(within(card).getByText("Ci sarò")).toBeInTheDocument();
    expect(within(screen.getByText("Pizzeria Tre").closest("article")!).queryByText("Ci sarò")).toBeNull();
    await act(() => i18n.changeLanguage("en"));
    expect(await screen.findByText("You'll be there")).toBeInTheDocument();
    await act(() => i18n.changeLanguage("it"));
  });
});

describe("HistoryPage: offline", () => {
  const soon = reservationFixture({ id: "r5", canCancel: true, status: "confirmed", tableNumber: 4 });
  const offline = () => {
    vi.spyOn(navigator, "onLine", "get").mockReturnValue(false);
    mockFetch(() => Promise.reject(new TypeError("Failed to fetch")));
  };

  it("shows the upcoming bookings of the last sync, as of when, with nothing to change", async () => {
    mockFetch(() => bookingsAnswer([soon, reservations[2]!]));
    const online = renderAt(<HistoryPage userId="u-1" phoneVerified />, { path: "/history" });
    await screen.findByText("Osteria Uno");
    online.unmount();
    offline();
    renderAt(<HistoryPage userId="u-1" phoneVerified />, { path: "/history" });
    const card = (await screen.findByText("Osteria Uno")).closest("article")!;
    expect(screen.getByText(/Sei offline: queste sono le tue prenotazioni aggiornate al/)).toBeInTheDocument();
    // Only what is still to come was kept: a past booking is of no use at the door.
    expect(screen.queryByText("Pizzeria Tre")).toBeNull();
    const cancel = within(card).getByRole("button", { name: /^Annulla prenotazione da Osteria Uno/ });
    expect(cancel).toBeDisabled();
    expect(cancel).toHaveAccessibleDescription(/Senza connessione non si può prenotare, spostare né cancellare/);
    expect(within(card).getByRole("button", { name: /^Modifica/ })).toBeDisabled();
    expect(within(card).queryByRole("link", { name: /^Modifica/ })).toBeNull();
  });

  it("never shows one diner's last sync to another, and forgets it at sign-out", async () => {
    mockFetch(() => bookingsAnswer([soon]));
    const online = renderAt(<HistoryPage userId="u-1" phoneVerified />, { path: "/history" });
    await screen.findByText("Osteria Uno");
    online.unmount();
    offline();
    const other = renderAt(<HistoryPage userId="u-2" phoneVerified />, { path: "/history" });
    expect(await screen.findByText("Nessuna prenotazione salvata su questo dispositivo")).toBeInTheDocument();
    expect(screen.queryByText("Osteria Uno")).toBeNull();
    other.unmount();
    storage.clearSession();
    renderAt(<HistoryPage userId="u-1" phoneVerified />, { path: "/history" });
    expect(await screen.findByText("Nessuna prenotazione salvata su questo dispositivo")).toBeInTheDocument();
  });
});
