import { describe, expect, it, vi } from "vitest";
import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import { passwordStrength } from "@tavolo/shared/validation";
import { browser } from "../../../lib/browser";
import { storage } from "../../../lib/storage";
import { testUserAnswer } from "../../../../test/fixtures";
import { renderAt, renderRoutes, testUser } from "../../../../test/render";
import { answer, apiError, mockFetch } from "../../../../test/mock-api";
import { RedirectIfSignedIn } from "../session/route-guards";
import { LoginPage } from "./login-page";
import { RegisterPage } from "./register-page";
import { eventually } from "../../../../test/eventually";

const registered = {
  success: true as const,
  token: "access-1",
  accessToken: "access-1",
  refreshToken: "refresh-1",
  user: testUserAnswer(),
  userId: testUser.id,
};

function fillValidForm() {
  fireEvent.change(screen.getByLabelText(/^Nome/), { target: { value: "Giulia" } });
  fireEvent.change(screen.getByLabelText(/^Cognome/), { target: { value: "Rossi" } });
  fireEvent.change(screen.getByLabelText(/^Email/), { target: { value: "giulia@example.com" } });
  fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: "Tavolo1!" } });
  fireEvent.change(screen.getByLabelText(/^Conferma password/), { target: { value: "Tavolo1!" } });
  fireEvent.click(screen.getByRole("checkbox", { name: /termini e le condizioni/ }));
}

describe("password strength", () => {
  it("is weak under 40%, medium under 80%, strong from 80%", () => {
    expect(passwordStrength("a")).toBe("weak"); // 1 of 5
    expect(passwordStrength("ab1")).toBe("medium"); // 2 of 5 = 40%
    expect(passwordStrength("aB1")).toBe("medium"); // 3 of 5
    expect(passwordStrength("aB1!")).toBe("strong"); // 4 of 5 = 80%
    expect(passwordStrength("aB1!xy")).toBe("strong");
  });
});

describe("RegisterPage", () => {
  it("updates the meter live and marks the rules met", () => {
    renderAt(<RegisterPage />, { path: "/register" });
    const password = screen.getByLabelText(/^Password/);
    fireEvent.change(password, { target: { value: "abc" } });
    expect(screen.getByTestId("strength")).toHaveTextContent("Debole");
    fireEvent.change(password, { target: { value: "Abc1" } });
    expect(screen.getByTestId("strength")).toHaveTextContent("Media");
    fireEvent.change(password, { target: { value: "Abc1!x" } });
    expect(screen.getByTestId("strength")).toHaveTextContent("Forte");
    expect(screen.getByRole("meter")).toHaveAttribute("value", "100");
  });

  it("validates every field, the password rules, the match and the terms; marketing starts unticked (decision 038)", async () => {
    const fetch = mockFetch(() => answer("POST /client/register", registered, 201));
    renderAt(<RegisterPage />, { path: "/register" });
    expect(screen.getByRole("checkbox", { name: /offerte e novità/ })).not.toBeChecked();
    fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: "abcdef" } });
    fireEvent.change(screen.getByLabelText(/^Conferma password/), { target: { value: "abcdeg" } });
    fireEvent.click(screen.getByRole("button", { name: "Crea account" }));
    expect(await screen.findByText("Inserisci il nome")).toBeInTheDocument();
    expect(screen.getByText("Inserisci il cognome")).toBeInTheDocument();
    expect(screen.getByText("Email richiesta")).toBeInTheDocument();
    expect(screen.getByText("La password non soddisfa tutti i criteri richiesti")).toBeInTheDocument();
    expect(screen.getByText("Le password non coincidono")).toBeInTheDocument();
    expect(screen.getByText("È necessario accettare i termini e le condizioni")).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });

  it("posts to /client/register and shows the server's error, never a fake success", async () => {
    const fetch = mockFetch(() => apiError({ success: false, error: "Risorsa non trovata", code: "not_found" }, 404));
    renderAt(<RegisterPage />, { path: "/register" });
    fillValidForm();
    fireEvent.click(screen.getByRole("button", { name: "Crea account" }));
    expect(await screen.findByText("Risorsa non trovata")).toBeInTheDocument();
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    const [url, init] = fetch.mock.calls[0]!;
    expect(String(url)).toBe("/api/client/register");
    expect(JSON.parse(String(init!.body))).toEqual({
      language: "it",
      firstName: "Giulia",
      lastName: "Rossi",
      email: "giulia@example.com",
      password: "Tavolo1!",
      termsAccepted: true,
      newsletterSubscribed: false,
    });
  });

  it("signs in and goes on to /email-verification with the address, the resend cooldown running", async () => {
    mockFetch(() =>
      answer(
        "POST /client/register",
        {
          success: true,
          token: "access-1",
          accessToken: "access-1",
          refreshToken: "refresh-1",
          user: testUserAnswer(),
          userId: testUser.id,
        },
        201,
      ),
    );
    const { router } = renderRoutes([
      { element: <RedirectIfSignedIn />, children: [{ path: "/register", element: <RegisterPage /> }] },
      { path: "/email-verification", element: <p>check your inbox</p> },
      { path: "/", element: <p>home page</p> },
    ]);
    await router.navigate("/register");
    await screen.findByLabelText(/^Nome/);
    fillValidForm();
    fireEvent.click(screen.getByRole("button", { name: "Crea account" }));
    expect(await screen.findByText("check your inbox")).toBeInTheDocument();
    expect(router.state.location.search).toBe("?email=giulia%40example.com");
    expect(storage.getString("auth_token")).toBe("access-1");
    expect(storage.getJson("cooldowns")?.["email-code:giulia@example.com"]).toBeGreaterThan(Date.now());
  });

  it("user_exists: shows the message, then goes to /login after exactly 3 s", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    mockFetch(() =>
      apiError(
        {
          success: false,
          error: "Questa email è già registrata. Verrai reindirizzato alla pagina di accesso",
          code: "user_exists",
          type: "user_exists",
          redirectToLogin: true,
        },
        409,
      ),
    );
    const { router } = renderAt(<RegisterPage />, { path: "/register" });
    fillValidForm();
    fireEvent.click(screen.getByRole("button", { name: "Crea account" }));
    expect(
      await screen.findByText("Questa email è già registrata. Verrai reindirizzato alla pagina di accesso"),
    ).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(2_900));
    expect(router.state.location.pathname).toBe("/register");
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(router.state.location.pathname).toBe("/login");
  });

  it("user_exists: /login opens with the address already typed", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    mockFetch(() => apiError({ success: false, error: "Esiste già", code: "user_exists", type: "user_exists" }, 409));
    renderRoutes(
      [
        { path: "/register", element: <RegisterPage /> },
        { path: "/login", element: <LoginPage /> },
      ],
      { at: "/register" },
    );
    fillValidForm();
    fireEvent.change(screen.getByLabelText(/^Email/), { target: { value: " giulia@example.com " } });
    fireEvent.click(screen.getByRole("button", { name: "Crea account" }));
    await screen.findByText("Esiste già");
    await act(() => vi.advanceTimersByTimeAsync(3_100));
    expect(await screen.findByRole("button", { name: "Accedi" })).toBeInTheDocument();
    expect(screen.getByLabelText(/^Email/)).toHaveValue("giulia@example.com");
    expect(screen.getByLabelText(/^Password/)).toHaveValue("");
  });

  it("prefills from a failed Google sign-in and drops the banner after 15 s", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const query = new URLSearchParams({
      error: "Nessun account Tavolo è collegato a questo account Google: completa la registrazione",
      type: "notRegistered",
      code: "ACCOUNT_NOT_REGISTERED",
      email: "luca@example.com",
      name: "Luca De Santis",
      showError: "true",
    });
    renderAt(<RegisterPage />, { path: "/register", at: `/register?${query}` });
    expect(screen.getByLabelText(/^Nome/)).toHaveValue("Luca");
    expect(screen.getByLabelText(/^Cognome/)).toHaveValue("De Santis");
    expect(screen.getByLabelText(/^Email/)).toHaveValue("luca@example.com");
    const banner = screen.getByText(/Nessun account Tavolo è collegato/);
    expect(banner).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(14_900));
    expect(screen.getByText(/Nessun account Tavolo è collegato/)).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(screen.queryByText(/Nessun account Tavolo è collegato/)).not.toBeInTheDocument();
  });

  it("needs the terms for a Google sign-up too, then leaves with the consent flags", async () => {
    const assign = vi.spyOn(browser, "assign").mockImplementation(() => {});
    const fetch = mockFetch(() => answer("GET /auth/google/status", { success: true, configured: true }));
    renderAt(<RegisterPage />, { path: "/register" });
    fireEvent.click(screen.getByRole("button", { name: "Registrati con Google" }));
    expect(await screen.findByText("È necessario accettare i termini e le condizioni")).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole("checkbox", { name: /termini e le condizioni/ }));
    expect(screen.queryByText("È necessario accettare i termini e le condizioni")).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole("button", { name: "Registrati con Google" }));
    await eventually(() =>
      expect(assign).toHaveBeenCalledWith(
        "/api/auth/google/redirect?registration=true&terms_accepted=true&marketing=false",
      ),
    );
  });

  it("links the terms and the privacy policy, and comes back from them with the form as typed", async () => {
    const { router } = renderRoutes([
      { path: "/register", element: <RegisterPage /> },
      { path: "/terms", element: <button onClick={() => void router.navigate(-1)}>terms page</button> },
      { path: "/privacy", element: <p>privacy page</p> },
      { path: "/", element: <p>home page</p> },
    ]);
    await router.navigate("/register");
    await screen.findByLabelText(/^Nome/);
    fillValidForm();
    expect(screen.getByRole("link", { name: "informativa sulla privacy" })).toHaveAttribute("href", "/privacy");
    fireEvent.click(screen.getByRole("link", { name: "termini e le condizioni" }));
    fireEvent.click(await screen.findByRole("button", { name: "terms page" }));
    expect(await screen.findByLabelText(/^Nome/)).toHaveValue("Giulia");
    expect(screen.getByLabelText(/^Email/)).toHaveValue("giulia@example.com");
    expect(screen.getByLabelText(/^Conferma password/)).toHaveValue("Tavolo1!");
    expect(screen.getByRole("checkbox", { name: /termini e le condizioni/ })).toBeChecked();
    expect(screen.getByRole("checkbox", { name: /offerte e novità/ })).not.toBeChecked();
  });
});
