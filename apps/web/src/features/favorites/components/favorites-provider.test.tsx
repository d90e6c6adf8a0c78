import { useEffect, useState } from "react";
import { describe, expect, it } from "vitest";
import { act, fireEvent, screen, waitFor } from "@testing-library/react";
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

/** The session as the hint starts it (signed in, user not yet known); `learn` settles it. */
let learn: (userId: string | null) => void = () => {};
function HintedHeart() {
  const [userId, setUserId] = useState<string | null>(null);
  const [signedIn, setSignedIn] = useState(true);
  useEffect(() => {
    learn = (user) => {
      setUserId(user);
      setSignedIn(user !== null);
    };
  }, []);
  return (
    <FavoritesProvider userId={userId} signedIn={signedIn}>
      <FavoriteButton restaurant={restaurant} />
    </FavoritesProvider>
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

  it("tapped while the session loads, fills at once and is saved once the user is known", async () => {
    const fetch = mockFetch((url, init) =>
      init.method === "PUT"
        ? answer("PUT /client/favorites/:restaurantId", { success: true, restaurantId: restaurant.id, favorite: true })
        : answer("GET /client/favorites", { success: true, favorites: [] }),
    );
    renderAt(<HintedHeart />, { path: "/restaurants/:id", at: `/restaurants/${restaurant.id}` });
    const heart = await screen.findByRole("button", { name: "Aggiungi Trattoria da Nino ai preferiti" });
    fireEvent.click(heart);
    expect(heart).toHaveAttribute("aria-pressed", "true");
    expect(fetch.mock.calls.some(([, init]) => (init as RequestInit).method === "PUT")).toBe(false);
    act(() => learn("u-1"));
    await waitFor(() => expect(fetch.mock.calls.some(([, init]) => (init as RequestInit).method === "PUT")).toBe(true));
    expect(String(fetch.mock.calls.find(([, init]) => (init as RequestInit).method === "PUT")?.[0])).toContain(
      `/client/favorites/${restaurant.id}`,
    );
  });

  it("tapped while the session loads, goes back to 'sign in to save' when the diner turns out signed out", async () => {
    const fetch = mockFetch(() => offContract({}));
    renderAt(<HintedHeart />, { path: "/restaurants/:id", at: `/restaurants/${restaurant.id}` });
    fireEvent.click(await screen.findByRole("button", { name: "Aggiungi Trattoria da Nino ai preferiti" }));
    act(() => learn(null));
    expect(await screen.findByRole("link", { name: "Accedi per salvare tra i preferiti" })).toBeInTheDocument();
    act(() => learn("u-1"));
    await screen.findByRole("button", { name: "Aggiungi Trattoria da Nino ai preferiti" });
    expect(fetch.mock.calls.some(([, init]) => (init as RequestInit).method === "PUT")).toBe(false);
  });

  it("a refusal rolls its own heart back even after another heart was tapped", async () => {
    const other = { id: "7a2b3c4d-5e6f-4a1b-8c2d-3e4f5a6b7c8d", name: "Osteria del Ponte" };
    let refuse: () => void = () => {};
    mockFetch((url, init) => {
      if (init.method !== "PUT") return answer("GET /client/favorites", { success: true, favorites: [] });
      if (url.pathname.endsWith(restaurant.id))
        return new Promise<Response>((resolve) => (refuse = () => resolve(new Response("", { status: 500 }))));
      return answer("PUT /client/favorites/:restaurantId", { success: true, restaurantId: other.id, favorite: true });
    });
    renderAt(
      <FavoritesProvider userId="u-1">
        <FavoriteButton restaurant={restaurant} />
        <FavoriteButton restaurant={other} />
      </FavoritesProvider>,
      { path: "/restaurants/:id", at: `/restaurants/${restaurant.id}` },
    );
    const first = await screen.findByRole("button", { name: "Aggiungi Trattoria da Nino ai preferiti" });
    fireEvent.click(first);
    fireEvent.click(screen.getByRole("button", { name: "Aggiungi Osteria del Ponte ai preferiti" }));
    refuse();
    expect(
      await screen.findByText("Impossibile salvare Trattoria da Nino tra i preferiti. Riprova."),
    ).toBeInTheDocument();
    await waitFor(() => expect(first).toHaveAttribute("aria-pressed", "false"));
  });
});
