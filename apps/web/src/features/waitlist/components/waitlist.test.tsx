import { afterEach, describe, expect, it, vi } from "vitest";
import { fireEvent, screen } from "@testing-library/react";
import type { WaitlistEntry } from "@tavolo/shared/waitlist";
import { renderAt } from "../../../../test/render";
import { answer, apiError, mockFetch, offContract } from "../../../../test/mock-api";
import { HistoryWaitlist } from "./history-waitlist";
import { WaitlistJoin } from "./waitlist-join";
import { eventually } from "../../../../test/eventually";

afterEach(() => vi.unstubAllGlobals());

const entry: WaitlistEntry = {
  id: "e-1",
  kind: "table",
  restaurantId: "r-1",
  restaurantName: "Trattoria da Renato",
  lastMinuteId: null,
  date: "2026-11-25",
  timeFrom: "19:00",
  timeTo: "21:00",
  people: 2,
  status: "waiting",
  position: 3,
  createdAt: "2026-11-24T10:00:00.000Z",
  hold: null,
};

describe("WaitlistJoin", () => {
  it("sends the chosen window around the wanted time and says the place in line", async () => {
    const fetch = mockFetch(() =>
      answer("POST /client/waitlist", { success: true, message: "ok", entry: { ...entry, position: 2 } }, 201),
    );
    renderAt(
      <WaitlistJoin
        target={{ restaurantId: "r-1", date: "2026-11-25", time: "20:00", people: 2 }}
        signedIn
        loginLink={{ to: "/login" }}
      />,
    );
    fireEvent.change(screen.getByRole("combobox", { name: "Fascia oraria" }), { target: { value: "30" } });
    fireEvent.click(screen.getByRole("button", { name: "Avvisami se si libera un tavolo" }));
    expect(await screen.findByText("Sei in lista d'attesa: sei il n. 2.")).toBeInTheDocument();
    const [url, init] = fetch.mock.calls[0]!;
    expect(new URL(String(url), "http://localhost").pathname).toBe("/api/client/waitlist");
    expect(JSON.parse(String(init!.body))).toMatchObject({
      restaurantId: "r-1",
      date: "2026-11-25",
      timeFrom: "19:30",
      timeTo: "20:30",
      people: 2,
    });
  });

  it("offers the free times to book when the server says a table is free now", async () => {
    const error =
      "C'è un tavolo libero in questa fascia oraria: prenotalo subito, non serve metterti in lista d'attesa";
    mockFetch(() => apiError({ success: false, code: "table_available", error, slots: ["19:45", "20:15"] }, 409));
    renderAt(
      <WaitlistJoin
        target={{ restaurantId: "r-1", date: "2026-11-25", time: "20:00", people: 2 }}
        signedIn
        loginLink={{ to: "/login" }}
      />,
    );
    fireEvent.click(screen.getByRole("button", { name: "Avvisami se si libera un tavolo" }));
    expect(await screen.findByText(error)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Prenota alle 19:45 per 2 persone" })).toHaveAttribute(
      "href",
      "/reservation/r-1?date=2026-11-25&time=19%3A45&people=2",
    );
    expect(screen.getByRole("link", { name: "Prenota alle 20:15 per 2 persone" })).toBeInTheDocument();
  });

  it("asks a visitor to sign in instead", () => {
    mockFetch(() => offContract({}));
    renderAt(
      <WaitlistJoin target={{ lastMinuteId: "o-1", people: 2 }} signedIn={false} loginLink={{ to: "/login" }} />,
    );
    expect(screen.getByRole("link", { name: "Accedi per metterti in lista d'attesa" })).toHaveAttribute(
      "href",
      "/login",
    );
    expect(screen.queryByRole("button")).toBeNull();
  });
});

describe("HistoryWaitlist", () => {
  it("shows a hold with Conferma, confirms it, and lists the entries still waiting", async () => {
    const held: WaitlistEntry = {
      ...entry,
      id: "e-2",
      status: "held",
      position: null,
      hold: {
        id: "h-1",
        restaurantId: "r-1",
        restaurantName: "Trattoria da Renato",
        date: "2026-11-25",
        time: "20:00",
        people: 2,
        tableNumber: 4,
        lastMinuteId: null,
        expiresAt: "2026-11-25T18:10:00.000Z",
      },
    };
    let confirmed = false;
    const fetch = mockFetch((url) => {
      if (url.pathname === "/api/client/holds/h-1/confirm") {
        confirmed = true;
        return answer("POST /client/holds/:id/confirm", {
          success: true,
          message: "Tavolo confermato!",
          reservation: null,
        });
      }
      return answer("GET /client/waitlist", { success: true, entries: confirmed ? [entry] : [held, entry] });
    });
    renderAt(<HistoryWaitlist />);
    expect(await screen.findByRole("heading", { name: "Un tavolo è tenuto per te!" })).toBeInTheDocument();
    expect(screen.getByText(/Conferma entro le 19:10/)).toBeInTheDocument();
    expect(screen.getByText("Sei il n. 3")).toBeInTheDocument();
    fireEvent.click(screen.getByRole("button", { name: "Conferma" }));
    expect(await screen.findByText("Tavolo confermato!")).toBeInTheDocument();
    await eventually(() => expect(screen.queryByRole("heading", { name: "Un tavolo è tenuto per te!" })).toBeNull());
    expect(fetch.mock.calls.some(([url]) => String(url).endsWith("/holds/h-1/confirm"))).toBe(true);
  });
});

describe("waiting entries", () => {
  it("say a single time once ('alle 20:00'), never 'dalle 20:00 alle 20:00'", async () => {
    mockFetch(() =>
      answer("GET /client/waitlist", { success: true, entries: [{ ...entry, timeFrom: "20:00", timeTo: "20:00" }] }),
    );
    renderAt(<HistoryWaitlist />);
    expect(await screen.findByText(/alle 20:00, 2 persone/)).toBeInTheDocument();
    expect(screen.queryByText(/dalle 20:00/)).toBeNull();
  });
});
