import { describe, expect, it, vi } from "vitest";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { browser } from "../../../lib/browser";
import { storage } from "../../../lib/storage";
import { testUserAnswer } from "../../../../test/fixtures";
import { renderAt, renderRoutes, testUser } from "../../../../test/render";
import { answer, apiError, mockFetch, offContract } from "../../../../test/mock-api";
import { RedirectIfSignedIn } from "../session/route-guards";
import { LoginPage } from "./login-page";
import { eventually } from "../../../../test/eventually";

async function fillAndSubmit(email: string, password: string) {
  fireEvent.change(await screen.findByLabelText(/^Email/), { target: { value: email } });
  fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: password } });
  fireEvent.click(screen.getByRole("button", { name: "Accedi" }));
}

describe("LoginPage", () => {
  it("requires email and password", async () => {
    const fetch = mockFetch(() => offContract({}));
    renderAt(<LoginPage />, { path: "/login" });
    fireEvent.click(screen.getByRole("button", { name: "Accedi" }));
    expect(await screen.findByText("Email richiesta")).toBeInTheDocument();
    expect(screen.getByText("Inserisci la password")).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });

  it("shows the server's message when login fails, else auth.loginFailed", async () => {
    mockFetch(() =>
      apiError({ success: false, error: "Email o password non corretti", code: "invalid_credentials" }, 401),
    );
    renderAt(<LoginPage />, { path: "/login" });
    await fillAndSubmit("a@b.it", "secret");
    expect(await screen.findByText("Email o password non corretti")).toBeInTheDocument();

    mockFetch(() => new Response("", { status: 500 }));
    fireEvent.click(screen.getByRole("button", { name: "Accedi" }));
    expect(await screen.findByText("Accesso non riuscito. Controlla email e password.")).toBeInTheDocument();

    mockFetch(() => offContract({ success: true, token: "t" }));
    fireEvent.click(screen.getByRole("button", { name: "Accedi" }));
    expect(await screen.findByText("Dati di autenticazione incompleti")).toBeInTheDocument();
    expect(storage.getString("auth_token")).toBeNull();
  });

  it("asks for the code mailed past many failed sign-ins by others, and signs in with it (decision 036)", async () => {
    const fetch = mockFetch((_url, init) => {
      const body = JSON.parse(String(init.body)) as { code?: string };
      if (!body.code) {
        const message = "Per sicurezza ti abbiamo inviato via email un codice di 6 cifre: inseriscilo per accedere.";
        return apiError({ success: false, code: "login_code_required", error: message }, 401);
      }
      return answer("POST /client/login", {
        success: true,
        token: "access-1",
        accessToken: "access-1",
        refreshToken: "refresh-1",
        user: testUserAnswer(),
      });
    });
    renderAt(<LoginPage />, { path: "/login" });
    await fillAndSubmit("giulia.rossi@example.com", "Tavolo1!");
    expect(await screen.findByText(/ti abbiamo inviato via email un codice di 6 cifre/)).toBeInTheDocument();
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
    fireEvent.change(screen.getByLabelText(/^Codice ricevuto via email/), { target: { value: "123456" } });
    fireEvent.click(screen.getByRole("button", { name: "Accedi" }));
    await eventually(() => expect(storage.getString("auth_token")).toBe("access-1"));
    expect(JSON.parse(String(fetch.mock.calls[1]![1]?.body))).toMatchObject({
      email: "giulia.rossi@example.com",
      password: "Tavolo1!",
      code: "123456",
    });
  });

  it("stores the session and goes back to where the visitor was going", async () => {
    const fetch = mockFetch(() =>
      answer("POST /client/login", {
        success: true,
        token: "access-1",
        accessToken: "access-1",
        refreshToken: "refresh-1",
        user: testUserAnswer(),
      }),
    );
    const { router } = renderRoutes(
      [
        { element: <RedirectIfSignedIn />, children: [{ path: "/login", element: <LoginPage /> }] },
        { path: "/history", element: <p>history page</p> },
        { path: "/", element: <p>home page</p> },
      ],
      { at: "/" },
    );
    await router.navigate("/login?next=%2Fhistory");
    await fillAndSubmit(" giulia.rossi@example.com ", "Tavolo1!");
    expect(await screen.findByText("history page")).toBeInTheDocument();
    expect(JSON.parse(String(fetch.mock.calls[0]![1]!.body))).toMatchObject({
      email: "giulia.rossi@example.com",
      password: "Tavolo1!",
    });
    expect(storage.getString("auth_token")).toBe("access-1");
    expect(storage.getString("refresh_token")).toBe("refresh-1");
    expect(storage.getJson("user")?.email).toBe(testUser.email);
  });

  it("opens the forgot-password dialog: 'Email richiesta', then loading and the server's answer", async () => {
    let respond!: (response: Response) => void;
    const fetch = mockFetch(() => new Promise<Response>((resolve) => (respond = resolve)));
    renderAt(<LoginPage />, { path: "/login" });
    fireEvent.click(screen.getByRole("button", { name: "Password dimenticata?" }));
    const dialog = await screen.findByRole("dialog", { name: "Reimposta la password" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Invia il link" }));
    expect(await within(dialog).findByText("Email richiesta")).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();

    fireEvent.change(within(dialog).getByLabelText(/^Email/), { target: { value: "giulia@example.com" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Invia il link" }));
    await eventually(() => expect(fetch).toHaveBeenCalledTimes(1));
    // Still unanswered: the button shows it once the mutation's pending state has rendered (TanStack
    // Query tells its observers on a timer, so the request may go out before that render).
    await waitFor(() =>
      expect(within(dialog).getByRole("button", { name: "Invia il link" })).toHaveAttribute("aria-busy", "true"),
    );
    respond(
      answer("POST /client/request-password-reset", {
        success: true,
        message: "Se l'indirizzo è registrato, riceverai un'email",
      }),
    );
    expect(await within(dialog).findByText("Se l'indirizzo è registrato, riceverai un'email")).toBeInTheDocument();
    expect(String(fetch.mock.calls[0]![0])).toBe("/api/client/request-password-reset");
  });

  it("shows the forgot-password error state with the server's text", async () => {
    mockFetch(() =>
      apiError({ success: false, error: "Troppe richieste. Riprova tra qualche secondo.", code: "rate_limited" }, 429),
    );
    renderAt(<LoginPage />, { path: "/login" });
    fireEvent.change(screen.getByLabelText(/^Email/), { target: { value: "giulia@example.com" } });
    fireEvent.click(screen.getByRole("button", { name: "Password dimenticata?" }));
    const dialog = await screen.findByRole("dialog");
    // The address typed on the page comes along.
    expect(within(dialog).getByLabelText(/^Email/)).toHaveValue("giulia@example.com");
    fireEvent.click(within(dialog).getByRole("button", { name: "Invia il link" }));
    expect(await within(dialog).findByText("Troppe richieste. Riprova tra qualche secondo.")).toBeInTheDocument();
  });

  it("explains that Google is not configured instead of leaving the app", async () => {
    const assign = vi.spyOn(browser, "assign").mockImplementation(() => {});
    mockFetch(() => answer("GET /auth/google/status", { success: true, configured: false }));
    renderAt(<LoginPage />, { path: "/login" });
    fireEvent.click(screen.getByRole("button", { name: "Continua con Google" }));
    expect(
      await screen.findByText("L'accesso con Google non è configurato su questo server. Accedi con email e password."),
    ).toBeInTheDocument();
    expect(assign).not.toHaveBeenCalled();
  });

  it("leaves for Google when it is configured", async () => {
    const assign = vi.spyOn(browser, "assign").mockImplementation(() => {});
    const fetch = mockFetch(() => answer("GET /auth/google/status", { success: true, configured: true }));
    renderAt(<LoginPage />, { path: "/login" });
    fireEvent.click(screen.getByRole("button", { name: "Continua con Google" }));
    await eventually(() => expect(assign).toHaveBeenCalledWith("/api/auth/google/redirect"));
    expect(String(fetch.mock.calls[0]![0])).toBe("/api/auth/google/status");
  });

  it("shows the message a Google return brought", () => {
    renderAt(<LoginPage />, { path: "/login", at: "/login?message=Accesso%20con%20Google%20non%20riuscito" });
    expect(screen.getByText("Accesso con Google non riuscito")).toBeInTheDocument();
  });
});
