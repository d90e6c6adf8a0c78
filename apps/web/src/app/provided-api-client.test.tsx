import { describe, expect, it, vi } from "vitest";
import { act, renderHook, waitFor } from "@testing-library/react";
import { QueryClient } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { API_TIMEOUT_MS } from "@tavolo/shared/constants";
import { authUserFixture, reservationFixture } from "../../test/fixtures";
import { answer, mockFetch, offContract } from "../../test/mock-api";
import { signInAs, testUser, Wrapper } from "../../test/render";
import { createApiClient } from "../lib/api-client";
import { useSession } from "../features/auth/session/session-context";
import { useMakeReservation } from "../features/reservations/api/make-reservation";
import { useCancelReservation } from "../features/reservations/api/cancel-reservation";
import { useRemoveCityInterest } from "../features/offers/api/city-interests";
import { useUpdateProfile } from "../features/account/api/update-profile";

const reservation = reservationFixture();
const user = authUserFixture({ id: testUser.id, email: testUser.email });

/** The server as the provided client reaches it: each route answered as it answers. */
function provided(url: URL): Response {
  const path = url.pathname;
  if (path === "/api/client/user-profile") return answer("GET /client/user-profile", { success: true, user });
  if (path === "/api/client/makeReservation")
    return answer("POST /client/makeReservation", { success: true, message: "ok", reservation });
  if (path.startsWith("/api/client/cancelReservation/"))
    return answer("POST /client/cancelReservation/:id", { success: true, message: "ok", reservation });
  if (path.startsWith("/api/client/city-interests/"))
    return answer("DELETE /client/city-interests/:city", { success: true, message: "ok" });
  if (path.startsWith("/api/client/updateProfile/"))
    return answer("PUT /client/updateProfile/:id", { success: true, profile: user });
  if (path === "/api/client/logout") return answer("POST /client/logout", { success: true, message: "ok" });
  return offContract({ success: false, error: `unexpected ${path}` }, 500);
}

/**
 * A render whose provider holds a client of its own, apart from the one the browser's root would
 * make: every request must leave through it (decision 058). The global fetch, which any other
 * client (a module's singleton) would use, fails the test if reached.
 */
function renderWithProvidedClient<T>(hook: () => T) {
  const elsewhere = mockFetch(() => offContract({ success: false, error: "the browser's client was used" }, 500));
  const providedFetch = vi.fn(async (input: RequestInfo | URL, _init?: RequestInit) =>
    provided(new URL(String(input), "http://localhost")),
  );
  const api = createApiClient({
    baseUrl: "/api",
    timeoutMs: API_TIMEOUT_MS,
    getToken: () => "provided-token",
    getLanguage: () => "it",
    translate: (key) => key,
    fetch: providedFetch,
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <Wrapper client={client} api={api}>
      {children}
    </Wrapper>
  );
  const view = renderHook(hook, { wrapper });
  const paths = () => providedFetch.mock.calls.map(([input]) => new URL(String(input), "http://localhost").pathname);
  const bearers = () => providedFetch.mock.calls.map(([, init]) => new Headers(init?.headers).get("Authorization"));
  return { ...view, elsewhere, paths, bearers };
}

describe("every call takes the provided API client (decision 058)", () => {
  it("books, cancels, removes a city alert and saves a profile through it", async () => {
    const { result, elsewhere, paths, bearers } = renderWithProvidedClient(() => ({
      book: useMakeReservation(),
      cancel: useCancelReservation(testUser.id),
      unfollow: useRemoveCityInterest(),
      save: useUpdateProfile(testUser.id),
    }));
    await act(async () => {
      await result.current.book.mutateAsync({
        input: {
          userId: testUser.id,
          restaurantId: reservation.restaurantId,
          date: "2025-06-11",
          time: "20:00",
          numberOfPeople: 2,
          tableId: "t-1",
        },
        idempotencyKey: "k-1",
      });
      await result.current.cancel.mutateAsync(reservation);
      await result.current.unfollow.mutateAsync("milano");
      await result.current.save.mutateAsync({ language: "en" });
    });
    expect(paths()).toEqual([
      "/api/client/makeReservation",
      `/api/client/cancelReservation/${reservation.id}`,
      "/api/client/city-interests/milano",
      `/api/client/updateProfile/${testUser.id}`,
    ]);
    expect(bearers().every((bearer) => bearer === "Bearer provided-token")).toBe(true);
    expect(elsewhere).not.toHaveBeenCalled();
  });

  it("checks a stored session and signs out through it", async () => {
    signInAs();
    const { result, elsewhere, paths } = renderWithProvidedClient(() => useSession());
    await waitFor(() => expect(paths()).toEqual(["/api/client/user-profile"]));
    await act(() => result.current.signOut());
    expect(paths()).toEqual(["/api/client/user-profile", "/api/client/logout"]);
    expect(result.current.status).toBe("signedOut");
    expect(elsewhere).not.toHaveBeenCalled();
  });
});
