import { afterEach, describe, expect, it, vi } from "vitest";
import { fireEvent, screen, within } from "@testing-library/react";
import type { CityInterest } from "@tavolo/shared/offers";
import { renderAt } from "../../../../test/render";
import { answer, apiError, mockFetch } from "../../../../test/mock-api";
import { CityAlerts } from "./city-alerts";
import { eventually } from "../../../../test/eventually";

afterEach(() => vi.unstubAllGlobals());

const milano: CityInterest = { city: { slug: "milano", name: "Milano" }, includeNearbyCities: false, radius: 10 };
const bergamo: CityInterest = { city: { slug: "bergamo", name: "Bergamo" }, includeNearbyCities: true, radius: 25 };

describe("CityAlerts", () => {
  it("lists each city with its reach and removes one, then shows the list again from the server", async () => {
    let interests = [bergamo, milano];
    const fetch = mockFetch((url, init) => {
      if (init.method === "DELETE") {
        interests = interests.filter((interest) => `/api/client/city-interests/${interest.city.slug}` !== url.pathname);
        return answer("DELETE /client/city-interests/:city", {
          success: true,
          message: "Non riceverai più avvisi per Milano",
        });
      }
      return answer("GET /client/city-interests", { success: true, interests });
    });
    renderAt(<CityAlerts userId="u-1" />);

    expect(screen.getByRole("heading", { name: "Avvisi per città" })).toBeInTheDocument();
    const items = await screen.findAllByRole("listitem");
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringContaining("Bergamo e città vicine entro 25 km"),
      expect.stringContaining("Solo Milano"),
    ]);

    fireEvent.click(screen.getByRole("button", { name: "Rimuovi l'avviso per Milano" }));
    await eventually(() => expect(screen.queryByText("Solo Milano")).toBeNull());
    const remaining = screen.getAllByRole("listitem");
    expect(remaining).toHaveLength(1);
    expect(within(remaining[0]!).getByText("Bergamo")).toBeInTheDocument();

    const deleteCall = fetch.mock.calls.find(([, init]) => init?.method === "DELETE");
    expect(new URL(String(deleteCall![0]), "http://localhost").pathname).toBe("/api/client/city-interests/milano");
    // The list was fetched again after the removal, not patched locally.
    expect(fetch.mock.calls.filter(([, init]) => (init?.method ?? "GET") === "GET")).toHaveLength(2);
  });

  it("says so when there are no alerts", async () => {
    mockFetch(() => answer("GET /client/city-interests", { success: true, interests: [] }));
    renderAt(<CityAlerts userId="u-1" />);
    expect(await screen.findByText(/Nessun avviso attivo/)).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /Rimuovi/ })).toBeNull();
  });

  it("shows the server's reason when a removal fails and keeps the alert", async () => {
    mockFetch((_url, init) =>
      init.method === "DELETE"
        ? apiError({ success: false, code: "city_not_found", error: "Non conosciamo ancora la città" }, 404)
        : answer("GET /client/city-interests", { success: true, interests: [milano] }),
    );
    renderAt(<CityAlerts userId="u-1" />);
    fireEvent.click(await screen.findByRole("button", { name: "Rimuovi l'avviso per Milano" }));
    expect(await screen.findByText("Non conosciamo ancora la città")).toBeInTheDocument();
    expect(screen.getByText("Solo Milano")).toBeInTheDocument();
  });
});
