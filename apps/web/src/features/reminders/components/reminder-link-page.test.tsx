import { afterEach, describe, expect, it, vi } from "vitest";
import { fireEvent, screen } from "@testing-library/react";
import type { ReminderLinkDetailsResponse } from "@tavolo/shared/reminders";
import { renderAt } from "../../../../test/render";
import { answer, apiError, mockFetch } from "../../../../test/mock-api";
import { ReminderLinkPage } from "./reminder-link-page";

afterEach(() => vi.unstubAllGlobals());

const TOKEN = "r".repeat(43);
const booking: ReminderLinkDetailsResponse = {
  success: true,
  action: "release",
  restaurantName: "Trattoria da Renato",
  date: "2026-11-25",
  time: "20:00",
  people: 3,
  attending: false,
};
const render = (action: "attend" | "release", at = `/reminder/${action}?token=${TOKEN}`) =>
  renderAt(<ReminderLinkPage action={action} />, { path: `/reminder/${action}`, at });

describe("ReminderLinkPage", () => {
  it("shows the booking (restaurant, day, party) before the tap, and only the tap releases it", async () => {
    const fetch = mockFetch((url) =>
      url.pathname.endsWith("/reminder-link")
        ? answer("GET /client/reservations/reminder-link", booking)
        : answer("POST /client/reservations/release-by-link", {
            success: true,
            action: "release",
            message: "Prenotazione annullata.",
          }),
    );
    render("release");
    expect(await screen.findByText("Trattoria da Renato")).toBeInTheDocument();
    expect(screen.getByText("Ristorante").tagName).toBe("DT");
    expect(screen.getByText("mercoledì 25 novembre alle 20:00").tagName).toBe("DD");
    expect(screen.getByText("3").tagName).toBe("DD");
    expect(fetch.mock.calls.some(([url]) => String(url).includes("release-by-link"))).toBe(false);
    fireEvent.click(screen.getByRole("button", { name: "Non riesco a venire" }));
    expect(await screen.findByText("Prenotazione annullata.")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Cerca un altro tavolo" })).toHaveAttribute("href", "/search");
    expect(screen.queryByRole("button", { name: "Non riesco a venire" })).toBeNull();
  });

  it("is announced as loading while the booking is read", async () => {
    mockFetch(() => new Promise<Response>(() => {}));
    render("attend");
    expect(await screen.findByRole("status")).toHaveTextContent("Caricamento");
    expect(screen.getByRole("status").parentElement).toHaveAttribute("aria-busy", "true");
    expect(document.title).toContain("Ci sarai?");
  });

  it("a spent link says so, never the button", async () => {
    mockFetch(() => apiError({ success: false, code: "reminder_link_used", error: "gone" }, 410));
    render("attend");
    expect(await screen.findByText("Questo link è già stato usato o è scaduto.")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Ci sarò" })).toBeNull();
  });

  it("a link without its token says it is incomplete", () => {
    mockFetch(() => answer("GET /client/reservations/reminder-link", booking));
    render("attend", "/reminder/attend");
    expect(screen.getByText(/Questo link non è completo/)).toBeInTheDocument();
  });
});
