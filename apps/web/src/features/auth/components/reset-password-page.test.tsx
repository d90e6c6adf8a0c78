import { describe, expect, it } from "vitest";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { renderAt } from "../../../../test/render";
import { answer, apiError, mockFetch, offContract } from "../../../../test/mock-api";
import { ResetPasswordPage } from "./reset-password-page";

const ready = (query = "token=abc") =>
  renderAt(<ResetPasswordPage />, { path: "/reset-password", at: `/reset-password?${query}` });

function submit(password: string, confirm = password) {
  fireEvent.change(screen.getByLabelText(/^Nuova password/), { target: { value: password } });
  fireEvent.change(screen.getByLabelText(/^Conferma la nuova password/), { target: { value: confirm } });
  fireEvent.click(screen.getByRole("button", { name: "Reimposta password" }));
}

describe("ResetPasswordPage", () => {
  it("without a token shows the invalid-link error and a way back to login", () => {
    renderAt(<ResetPasswordPage />, { path: "/reset-password" });
    expect(screen.getByText("Link di reset non valido o scaduto")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Torna all'accesso" })).toHaveAttribute("href", "/login");
    expect(screen.queryByLabelText(/Nuova password/)).not.toBeInTheDocument();
  });

  it("with an oobCode shows both fields with toggles and the missing requirements", () => {
    ready("oobCode=xyz");
    const field = screen.getByLabelText(/^Nuova password/);
    expect(field).toHaveAttribute("type", "password");
    fireEvent.click(screen.getAllByRole("button", { name: "Mostra password" })[0]!);
    expect(field).toHaveAttribute("type", "text");
    fireEvent.change(field, { target: { value: "abcdef" } });
    const missing = screen.getByRole("list", { name: "Requisiti mancanti" });
    expect(missing).toHaveTextContent("Una lettera maiuscola");
    expect(missing).not.toHaveTextContent("Una lettera minuscola");
    expect(screen.getByLabelText(/^Conferma la nuova password/)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Torna all'accesso" })).toHaveAttribute("href", "/login");
  });

  it("checks the five rules and the match before calling the server", async () => {
    const fetch = mockFetch(() =>
      answer("POST /client/reset-password", {
        success: true,
        message: "La password è stata reimpostata correttamente",
      }),
    );
    ready();
    submit("abcdef", "abcdeg");
    expect(await screen.findByText("La password non soddisfa tutti i criteri richiesti")).toBeInTheDocument();
    expect(screen.getByText("Le password non coincidono")).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });

  it("ready → resetting (button disabled) → success with the server's message", async () => {
    let respond!: (response: Response) => void;
    const fetch = mockFetch(() => new Promise<Response>((resolve) => (respond = resolve)));
    ready("oobCode=xyz");
    submit("Nuova1!x");
    await waitFor(() => expect(screen.getByRole("button", { name: "Reimposta password" })).toBeDisabled());
    expect(JSON.parse(String(fetch.mock.calls[0]![1]!.body))).toMatchObject({ token: "xyz", newPassword: "Nuova1!x" });
    respond(
      answer("POST /client/reset-password", {
        success: true,
        message: "La password è stata reimpostata correttamente",
      }),
    );
    expect(await screen.findByText("La password è stata reimpostata correttamente")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Vai all'accesso" })).toHaveAttribute("href", "/login");
  });

  it("resetting → error with the server's message (a used link)", async () => {
    mockFetch(() =>
      apiError({ success: false, error: "Link di reset non valido o scaduto", code: "reset_link_invalid" }, 400),
    );
    ready();
    submit("Nuova1!x");
    expect(await screen.findByText("Link di reset non valido o scaduto")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Torna all'accesso" })).toHaveAttribute("href", "/login");
  });

  it("success:false without a message is 'an error occurred during password reset'; retry goes back", async () => {
    mockFetch(() => offContract({ success: false }, 200));
    ready();
    submit("Nuova1!x");
    // A 200 with success:false surfaces as an ApiError without a server text.
    expect(await screen.findByText("Si è verificato un errore durante il reset della password.")).toBeInTheDocument();
    fireEvent.click(screen.getByRole("button", { name: "Riprova" }));
    expect(await screen.findByLabelText(/^Nuova password/)).toBeInTheDocument();
  });

  it("a network failure is reported and may be retried", async () => {
    mockFetch(() => Promise.reject(new TypeError("Failed to fetch")));
    ready();
    submit("Nuova1!x");
    expect(await screen.findByText("Errore di rete: controlla la connessione e riprova.")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Riprova" })).toBeInTheDocument();
  });
});
