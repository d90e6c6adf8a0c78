import { describe, expect, it, vi } from "vitest";
import i18n from "../i18n/i18n";
import { authUserFixture, milanoFixture, notificationSettingsFixture } from "../../test/fixtures";
import { ApiError, createApiClient, LANGUAGE_OVERRIDE_HEADER } from "../lib/api-client";
import { storage } from "../lib/storage";
import { answer, apiError, mockFetch, offContract } from "../../test/mock-api";
import { createBrowserApiClient } from "./browser-api-client";

// The browser's client as client-app.tsx makes it: the stored bearer, the app's language (decision 058).
const apiClient = createBrowserApiClient();

const headersOf = (init: RequestInit) => new Headers(init.headers);

describe("the browser's API client", () => {
  it("calls the client prefix under /api with language headers and no token when signed out", async () => {
    const fetch = mockFetch(() => answer("GET /client/getAllAvailableCities", { success: true, cities: [] }));
    await apiClient.get("/client/getAllAvailableCities");
    const [url, init] = fetch.mock.calls[0]!;
    expect(String(url)).toBe("/api/client/getAllAvailableCities");
    const headers = headersOf(init!);
    expect(headers.get("Accept-Language")).toBe("it");
    expect(headers.get("X-User-Language")).toBe("it");
    expect(headers.has("Authorization")).toBe(false);
  });

  it("sends the stored bearer token and follows the current language", async () => {
    storage.setString("auth_token", "abc.def");
    await i18n.changeLanguage("en");
    const fetch = mockFetch(() =>
      answer("GET /client/searchRestaurantsByLocation", {
        success: true,
        city: milanoFixture,
        restaurants: [],
        total: 0,
        page: 2,
        pageSize: 12,
      }),
    );
    await apiClient.get("/client/searchRestaurantsByLocation", {
      query: { location: "Milano", category: "", page: 2 },
    });
    const [url, init] = fetch.mock.calls[0]!;
    expect(String(url)).toBe("/api/client/searchRestaurantsByLocation?location=Milano&page=2");
    expect(headersOf(init!).get("Authorization")).toBe("Bearer abc.def");
    expect(headersOf(init!).get("X-User-Language")).toBe("en");
  });

  it("fills a route's path parameters, each encoded", async () => {
    const fetch = mockFetch(() =>
      answer("PUT /client/favorites/:restaurantId", { success: true, restaurantId: "a b/c?", favorite: true }),
    );
    await apiClient.put("/client/favorites/:restaurantId", { params: { restaurantId: "a b/c?" } });
    expect(String(fetch.mock.calls[0]![0])).toBe("/api/client/favorites/a%20b%2Fc%3F");
  });

  it("adds the language field to POST and PUT bodies", async () => {
    const fetch = mockFetch((url) =>
      url.pathname.endsWith("/login")
        ? answer("POST /client/login", {
            success: true,
            token: "t",
            accessToken: "t",
            refreshToken: "r",
            user: authUserFixture(),
          })
        : answer("PUT /client/notification-settings", {
            success: true,
            message: "ok",
            settings: notificationSettingsFixture(),
          }),
    );
    await apiClient.post("/client/login", { body: { email: "a@b.it", password: "x" } });
    const settings = notificationSettingsFixture();
    await apiClient.put("/client/notification-settings", { body: settings });
    expect(JSON.parse(String(fetch.mock.calls[0]![1]!.body))).toEqual({
      language: "it",
      email: "a@b.it",
      password: "x",
    });
    expect(JSON.parse(String(fetch.mock.calls[1]![1]!.body))).toEqual({ language: "it", ...settings });
    expect(headersOf(fetch.mock.calls[0]![1]!).get("Content-Type")).toBe("application/json");
  });

  it("leaves the body alone when the override header is set", async () => {
    const user = authUserFixture();
    const fetch = mockFetch((url) =>
      url.pathname.endsWith("/register")
        ? answer(
            "POST /client/register",
            { success: true, token: "t", accessToken: "t", refreshToken: "r", user, userId: user.id },
            201,
          )
        : answer("POST /client/resend-email-otp", { success: true, message: "ok" }),
    );
    const registration = {
      email: "a@b.it",
      password: "Tavolo1!",
      firstName: "Giulia",
      lastName: "Rossi",
      termsAccepted: true as const,
      language: "en",
    };
    await apiClient.post("/client/register", { body: registration, headers: { [LANGUAGE_OVERRIDE_HEADER]: "1" } });
    expect(JSON.parse(String(fetch.mock.calls[0]![1]!.body))).toEqual(registration);
    await apiClient.post("/client/resend-email-otp", {
      body: { email: "a@b.it" },
      headers: { "x-language-override": "true" },
    });
    expect(JSON.parse(String(fetch.mock.calls[1]![1]!.body))).toEqual({ email: "a@b.it" });
  });

  it("throws an ApiError carrying the server's message and code", async () => {
    mockFetch(() =>
      apiError({ success: false, error: 'Non conosciamo ancora la città "Atlantide"', code: "city_not_found" }, 404),
    );
    const error = await apiClient.get("/client/searchRestaurantsByLocation").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 404,
      code: "city_not_found",
      message: 'Non conosciamo ancora la città "Atlantide"',
      fromServer: true,
    });
    expect((error as ApiError).body).toMatchObject({ code: "city_not_found" });
  });

  it("falls back to a translated message when the error body has none", async () => {
    mockFetch(() => new Response("<html>bad gateway</html>", { status: 502 }));
    const error = (await apiClient.get("/client/getAllAvailableCities").catch((e: unknown) => e)) as ApiError;
    expect(error).toMatchObject({ status: 502, code: "http_502", fromServer: false });
    expect(error.message).toBe(i18n.t("errors.server"));
  });

  it("treats success:false in a 200 as a failure", async () => {
    mockFetch(() => offContract({ success: false, error: "Nope", type: "user_exists" }));
    await expect(apiClient.post("/client/logout")).rejects.toMatchObject({ message: "Nope", status: 200 });
  });

  it("turns a network failure into ApiError 'network' with the translated text", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(() => Promise.reject(new TypeError("Failed to fetch"))),
    );
    await expect(apiClient.get("/client/getAllAvailableCities")).rejects.toMatchObject({
      code: "network",
      status: 0,
      message: i18n.t("errors.network"),
    });
  });

  it("aborts after the timeout and reports 'timeout'", async () => {
    vi.useFakeTimers();
    vi.stubGlobal(
      "fetch",
      vi.fn(
        (_url: string, init: RequestInit) =>
          new Promise((_resolve, reject) =>
            init.signal!.addEventListener("abort", () => reject(new DOMException("aborted", "AbortError"))),
          ),
      ),
    );
    const client = createApiClient({
      baseUrl: "/api",
      timeoutMs: 15_000,
      getToken: () => null,
      getLanguage: () => "it",
      translate: (key) => key,
    });
    const pending = client.get("/client/getAllAvailableCities").catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(14_999);
    let settled = false;
    void pending.then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await pending).toMatchObject({ code: "timeout", message: "errors.timeout" });
  });

  it("retries once through the onUnauthorized seam when it reports a refreshed session", async () => {
    let token = "old";
    const onUnauthorized = vi.fn(async () => {
      token = "new";
      return true;
    });
    const fetch = mockFetch((_url, init) =>
      new Headers(init.headers).get("Authorization") === "Bearer new"
        ? answer("GET /client/user-profile", { success: true, user: authUserFixture() })
        : apiError({ success: false, error: "expired", code: "unauthorized" }, 401),
    );
    const client = createApiClient({
      baseUrl: "/api",
      timeoutMs: 1000,
      getToken: () => token,
      getLanguage: () => "it",
      translate: (key) => key,
      onUnauthorized,
    });
    await expect(client.get("/client/user-profile")).resolves.toMatchObject({ user: { id: "u-1" } });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect(fetch).toHaveBeenCalledTimes(2);
  });
});
