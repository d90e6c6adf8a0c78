import { describe, expect, it } from "vitest";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { FavoriteButton } from "../../../components/ui/favorite-button";
import { restaurantSummaryFixture } from "../../../../test/fixtures";
import { renderAt } from "../../../../test/render";
import { answer, mockFetch, offContract } from "../../../../test/mock-api";
import { FavoritesProvider } from "./favorites-provider";

const restaurant = { id: "3f1c2a9e-5b6d-4c7e-8f90-a1b2c3d4e5f6", name: "Trattoria da Nino" };

function renderHeart(userId: string | null) {
  return renderAt(
    <FavoritesProvider userId={userId}>
      <FavoriteButton restaurant={restaurant} />
    </FavoritesProvider>,
    { path: "/restaurants/:id", at: `/restaurants/${restaurant.id}` },
  );
}

describe("favorite heart", () => {
  it("signed out, is a link to /login that comes back", async () => {
    mockFetch(() => offContract({}));
    const { router } = renderHeart(null);
    fireEvent.click(screen.getByRole("link", { name: "Accedi per salvare tra i preferiti" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/login"));
    expect(new URLSearchParams(router.state.location.search).get("next")).toBe(`/restaurants/${restaurant.id}`);
  });

  it("toggles at once, then keeps the server's answer", async () => {
    let list: string[] = [];
    const fetch = mockFetch((url, init) => {
      if (init.method === "PUT") list = [restaurant.id];
      if (init.method === "DELETE") list = [];
      if (url.pathname.endsWith("/client/favorites"))
        return answer("GET /client/favorites", {
          success: true,
          favorites: list.map((id) => ({
            restaurantId: id,
            createdAt: "2026-11-24T10:00:00.000Z",
            restaurant: restaurantSummaryFixture(1, { id, name: restaurant.name }),
          })),
        });
      return answer(
        init.method === "DELETE" ? "DELETE /client/favorites/:restaurantId" : "PUT /client/favorites/:restaurantId",
        { success: true, restaurantId: restaurant.id, favorite: init.method === "PUT" },
      );
    });
    renderHeart("u-1");
    const heart = await screen.findByRole("button", { name: "Aggiungi Trattoria da Nino ai preferiti" });
    expect(heart).toHaveAttribute("aria-pressed", "false");
    fireEvent.click(heart);
    expect(heart).toHaveAttribute("aria-pressed", "true"); // optimistic
    await waitFor(() => expect(fetch.mock.calls.some(([, init]) => (init as RequestInit).method === "PUT")).toBe(true));
    await waitFor(() =>
      expect(screen.getByRole("button", { name: /Rimuovi Trattoria da Nino/ })).toHaveAttribute("aria-pressed", "true"),
    );
    fireEvent.click(screen.getByRole("button", { name: /Rimuovi Trattoria da Nino/ }));
    await waitFor(() =>
      expect(screen.getByRole("button", { name: /Aggiungi/ })).toHaveAttribute("aria-pressed", "false"),
    );
    expect(String(fetch.mock.calls.find(([, init]) => (init as RequestInit).method === "DELETE")?.[0])).toContain(
      `/client/favorites/${restaurant.id}`,
    );
  });

  it("rolls back and says so when the server refuses", async () => {
    mockFetch((url, init) =>
      init.method === "PUT"
        ? new Response("", { status: 500 })
        : answer("GET /client/favorites", { success: true, favorites: [] }),
    );
    renderHeart("u-1");
    const heart = await screen.findByRole("button", { name: "Aggiungi Trattoria da Nino ai preferiti" });
    fireEvent.click(heart);
    expect(heart).toHaveAttribute("aria-pressed", "true");
    expect(
      await screen.findByText("Impossibile salvare Trattoria da Nino tra i preferiti. Riprova."),
    ).toBeInTheDocument();
    expect(heart).toHaveAttribute("aria-pressed", "false");
  });
});
