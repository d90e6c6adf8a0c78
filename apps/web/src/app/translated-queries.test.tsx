import { describe, expect, it } from "vitest";
import { act, screen } from "@testing-library/react";
import i18n from "../i18n/i18n";
import { useOfferList } from "../features/offers/api/list-offers";
import { useRestaurant } from "../features/restaurants/api/get-restaurant";
import { restaurantDetailFixture } from "../../test/fixtures";
import { renderAt } from "../../test/render";
import { answer, mockFetch } from "../../test/mock-api";

function Probe() {
  const restaurant = useRestaurant("r-1");
  const offers = useOfferList({
    mode: "city",
    city: "milano",
    includeNearbyCities: false,
    radius: 10,
    category: "all",
  });
  return (
    <>
      <p>{restaurant.data?.description ?? "…"}</p>
      <p>{offers.data ? "offers in" : "…"}</p>
    </>
  );
}

describe("queries whose answer the server translates", () => {
  it("read the answer again in the new language on a live switch, and reuse the first on switching back", async () => {
    const fetch = mockFetch((url, init) => {
      const language = new Headers(init.headers).get("Accept-Language");
      if (url.pathname.includes("getRestaurantById"))
        return answer("GET /client/getRestaurantById/:id", {
          success: true,
          restaurant: restaurantDetailFixture({
            id: "r-1",
            description: language === "en" ? "Fresh fish every day" : "Pesce fresco ogni giorno",
          }),
        });
      return answer("GET /client/getLastMinuteByCity", { success: true, offers: [] });
    });
    renderAt(<Probe />);
    expect(await screen.findByText("Pesce fresco ogni giorno")).toBeInTheDocument();
    const callsInItalian = fetch.mock.calls.length;

    await act(() => i18n.changeLanguage("en"));
    expect(await screen.findByText("Fresh fish every day")).toBeInTheDocument();
    const englishCalls = fetch.mock.calls.slice(callsInItalian).map(([input]) => new URL(String(input), "http://x"));
    expect(englishCalls.map((url) => url.pathname)).toEqual(
      expect.arrayContaining([
        expect.stringContaining("getRestaurantById"),
        expect.stringContaining("getLastMinuteByCity"),
      ]),
    );

    await act(() => i18n.changeLanguage("it"));
    expect(await screen.findByText("Pesce fresco ogni giorno")).toBeInTheDocument();
  });
});
