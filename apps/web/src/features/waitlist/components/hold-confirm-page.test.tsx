import { afterEach, describe, expect, it, vi } from "vitest";
import { fireEvent, screen } from "@testing-library/react";
import type { WaitlistHold } from "@tavolo/shared/waitlist";
import { renderAt } from "../../../../test/render";
import { answer, apiError, mockFetch } from "../../../../test/mock-api";
import { HoldConfirmPage } from "./hold-confirm-page";

afterEach(() => vi.unstubAllGlobals());

const TOKEN = "t".repeat(43);
const hold: WaitlistHold = {
  id: "h-1",
  restaurantId: "r-1",
  restaurantName: "Trattoria da Renato",
  date: "2026-11-25",
  time: "20:00",
  people: 3,
  tableNumber: 4,
  lastMinuteId: null,
  expiresAt: "2026-11-25T18:10:00.000Z",
};
const SPENT = "Questo link di conferma non è più valido: apri Le mie prenotazioni per vedere il tavolo";
const render = () => renderAt(<HoldConfirmPage />, { path: "/hold/confirm", at: `/hold/confirm?token=${TOKEN}` });

describe("HoldConfirmPage", () => {
  it("says what is held (restaurant, day, time, party, deadline) before the tap, then confirms", async () => {
    const fetch = mockFetch((url) =>
      url.pathname === "/api/client/holds/by-link"
        ? answer("GET /client/holds/by-link", { success: true, hold })
        : answer("POST /client/holds/confirm-by-link", {
            success: true,
            message: "Tavolo confermato!",
            reservation: null,
          }),
    );
    render();
    expect(await screen.findByText("Trattoria da Renato")).toBeInTheDocument();
    expect(screen.getByText("mer 25 novembre alle 20:00")).toBeInTheDocument();
    expect(screen.getByText("3")).toBeInTheDocument();
    expect(screen.getByText("Conferma entro")).toBeInTheDocument();
    expect(screen.getByText("19:10")).toBeInTheDocument();
    expect(new URL(String(fetch.mock.calls[0]![0]), "http://localhost").searchParams.get("token")).toBe(TOKEN);
    // Reading the hold never confirms it: only the tap does.
    expect(fetch.mock.calls.some(([url]) => String(url).includes("confirm-by-link"))).toBe(false);
    fireEvent.click(screen.getByRole("button", { name: "Conferma il tavolo" }));
    expect(await screen.findByText("Tavolo confermato!")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Conferma il tavolo" })).toBeNull();
  });

  it("a spent link shows that it is spent, never the button", async () => {
    mockFetch(() => apiError({ success: false, code: "hold_link_used", error: SPENT }, 410));
    render();
    expect(await screen.findByText(SPENT)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Le mie prenotazioni" })).toHaveAttribute("href", "/history");
    expect(screen.queryByText("Un tocco e il tavolo è tuo, finché il tempo non scade.")).toBeNull();
    expect(screen.queryByRole("button", { name: "Conferma il tavolo" })).toBeNull();
  });

  it("a link spent between reading and tapping takes the button away", async () => {
    mockFetch((url) =>
      url.pathname === "/api/client/holds/by-link"
        ? answer("GET /client/holds/by-link", { success: true, hold })
        : apiError({ success: false, code: "hold_link_used", error: SPENT }, 410),
    );
    render();
    fireEvent.click(await screen.findByRole("button", { name: "Conferma il tavolo" }));
    expect(await screen.findByText(SPENT)).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Conferma il tavolo" })).toBeNull();
  });
});
