import { describe, expect, it, vi } from "vitest";
import { act, fireEvent, screen, within } from "@testing-library/react";
import { reservationFixture } from "../../../../test/fixtures";
import { renderAt } from "../../../../test/render";
import { mockFetch } from "../../../../test/mock-api";
import i18n from "../../../i18n/i18n";
import { storage } from "../../../lib/storage";
import { HistoryPage } from "./history-page";
import { bookingsAnswer, historyCalls, reservations, tooMany } from "./history-page.fixtures";

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
