import { describe, expect, it, vi } from "vitest";
import { act, fireEvent, screen } from "@testing-library/react";
import { storage } from "../../../lib/storage";
import { testUserAnswer } from "../../../../test/fixtures";
import { renderRoutes, signInAs, testUser } from "../../../../test/render";
import { answer, apiError, mockFetch, offContract, answerSessionCheck } from "../../../../test/mock-api";
import { VerifyEmailPage } from "./verify-email-page";

const render = (at: string) =>
  renderRoutes(
    [
      { path: "/verify-email", element: <VerifyEmailPage /> },
      { path: "/verify-result/*", element: <VerifyEmailPage /> },
      { path: "/", element: <p>home page</p> },
      { path: "*", element: <p>other page</p> },
    ],
    { at },
  );

const session = {
  success: true as const,
  token: "access-1",
  accessToken: "access-1",
  refreshToken: "refresh-1",
  user: testUserAnswer(),
};
const path = (call: unknown[]) => new URL(String(call[0]), "http://localhost").pathname;

describe("VerifyEmailPage: code entry", () => {
  it("wants exactly six digits, and an address", async () => {
    const fetch = mockFetch(() => offContract({}));
    render("/verify-email");
    const code = await screen.findByLabelText(/^Codice di verifica/);
    fireEvent.change(code, { target: { value: "12a3" } });
    expect(code).toHaveValue("123"); // digits only
    fireEvent.click(screen.getByRole("button", { name: "Continua" }));
    expect(await screen.findByText("Inserisci il codice completo a 6 cifre")).toBeInTheDocument();
    expect(screen.getByText("Email non specificata")).toBeInTheDocument();
    fireEvent.change(code, { target: { value: "1234567" } });
    expect(code).toHaveValue("123456"); // never more than six
    expect(fetch).not.toHaveBeenCalled();
  });

  it("shows the server's answer to a wrong code and keeps the form", async () => {
    mockFetch(() => apiError({ success: false, error: "Codice non valido", code: "otp_invalid" }, 400));
    render("/verify-email?email=giulia.rossi%40example.com");
    expect(await screen.findByText(/abbiamo inviato a giulia.rossi@example.com/)).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText(/^Codice di verifica/), { target: { value: "000000" } });
    fireEvent.click(screen.getByRole("button", { name: "Continua" }));
    expect(await screen.findByText("Codice non valido")).toBeInTheDocument();
    expect(screen.getByLabelText(/^Codice di verifica/)).toHaveValue("000000");
  });

  it("otp_input → verifying → redirecting: signs in with the login token, home after 1.5 s", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const fetch = mockFetch((url) =>
      url.pathname.endsWith("/verify-email-otp")
        ? answer("POST /client/verify-email-otp", {
            success: true,
            message: "Email verificata con successo",
            loginToken: "one-time",
          })
        : answer("POST /client/login-with-token", session),
    );
    const { router } = render("/verify-email?email=giulia.rossi%40example.com");
    fireEvent.change(await screen.findByLabelText(/^Codice di verifica/), { target: { value: "123456" } });
    fireEvent.click(screen.getByRole("button", { name: "Continua" }));
    expect(await screen.findByText("Email verificata! Ti stiamo portando alla home…")).toBeInTheDocument();
    expect(fetch.mock.calls.map(path)).toEqual(["/api/client/verify-email-otp", "/api/client/login-with-token"]);
    expect(JSON.parse(String(fetch.mock.calls[0]![1]!.body))).toMatchObject({
      email: "giulia.rossi@example.com",
      otp: "123456",
    });
    expect(JSON.parse(String(fetch.mock.calls[1]![1]!.body))).toMatchObject({ token: "one-time" });
    expect(storage.getString("auth_token")).toBe("access-1");
    await act(() => vi.advanceTimersByTimeAsync(1_400));
    expect(router.state.location.pathname).toBe("/verify-email");
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(router.state.location.pathname).toBe("/");
  });
});

describe("VerifyEmailPage: links and results", () => {
  it("verifies a `code` query with the address, without showing the form", async () => {
    const fetch = mockFetch(() =>
      apiError({ success: false, error: "Link di verifica non valido o scaduto", code: "invalid_action_code" }, 400),
    );
    render("/verify-email?code=abc&email=giulia.rossi%40example.com");
    expect(screen.queryByLabelText(/^Codice di verifica/)).not.toBeInTheDocument();
    expect(await screen.findByText("Link di verifica non valido o scaduto")).toBeInTheDocument();
    expect(JSON.parse(String(fetch.mock.calls[0]![1]!.body))).toMatchObject({ actionCode: "abc" });
    expect(screen.getByRole("link", { name: "Inserisci il codice" })).toHaveAttribute(
      "href",
      "/verify-email?email=giulia.rossi%40example.com",
    );
  });

  it("a link token without an address: 'Email non specificata'", () => {
    const fetch = mockFetch(() => offContract({}));
    render("/verify-email?token=abc");
    expect(screen.getByText("Email non specificata")).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });

  it("/verify-result/success with a loginToken logs in and heads home", async () => {
    const fetch = mockFetch(() => answer("POST /client/login-with-token", session));
    render("/verify-result/success?loginToken=one-time&email=giulia.rossi%40example.com");
    expect(await screen.findByText("Email verificata! Ti stiamo portando alla home…")).toBeInTheDocument();
    expect(fetch.mock.calls.map(path)).toEqual(["/api/client/login-with-token"]);
    expect(await screen.findByText("home page")).toBeInTheDocument();
  });

  it("/verify-result/success after an e-mail change says the address changed, and to what", async () => {
    mockFetch(() => answer("POST /client/login-with-token", session));
    render("/verify-result/success?loginToken=one-time&email=nuova%40example.com&change=1");
    expect(await screen.findByRole("heading", { name: "Email cambiata" })).toBeInTheDocument();
    expect(
      screen.getByText("Il tuo account ora usa nuova@example.com. Ti stiamo portando alla home…"),
    ).toBeInTheDocument();
    expect(screen.queryByText(/Email verificata/)).toBeNull();
  });

  it("/verify-result/success whose token login fails still says verified, with a way to log in", async () => {
    mockFetch(() => apiError({ success: false, error: "Token non valido", code: "invalid_login_token" }, 401));
    render("/verify-result/success?loginToken=used&email=giulia.rossi%40example.com");
    expect(await screen.findByText("Il tuo indirizzo è confermato. Ora puoi accedere.")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Vai all'accesso" })).toHaveAttribute("href", "/login");
  });

  it("/verify-result/error shows the backend's message", () => {
    render("/verify-result/error?message=Link%20di%20verifica%20non%20valido%20o%20scaduto");
    expect(screen.getByRole("heading", { name: "Verifica non riuscita" })).toBeInTheDocument();
    expect(screen.getByText("Link di verifica non valido o scaduto")).toBeInTheDocument();
  });

  it("/verify-result/success for the address already signed in keeps that session and refreshes it", async () => {
    signInAs();
    const fetch = mockFetch(
      (url) =>
        answerSessionCheck(url) ??
        answer("GET /client/getUserProfile/:id", { success: true, profile: testUserAnswer() }),
    );
    render(`/verify-result/success?loginToken=one-time&email=${encodeURIComponent(testUser.email)}`);
    expect(await screen.findByText("Email verificata! Ti stiamo portando alla home…")).toBeInTheDocument();
    const paths = fetch.mock.calls.map(path);
    expect(paths).toContain(`/api/client/getUserProfile/${testUser.id}`);
    expect(paths).not.toContain("/api/client/login-with-token");
    expect(storage.getString("auth_token")).toBe("test-token");
    expect(storage.getJson("user")?.emailVerified).toBe(true);
  });
});
