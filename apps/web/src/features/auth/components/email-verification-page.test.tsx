import { describe, expect, it, vi } from "vitest";
import { act, fireEvent, screen } from "@testing-library/react";
import { renderAt } from "../../../../test/render";
import { answer, apiError, mockFetch } from "../../../../test/mock-api";
import { EmailVerificationPage } from "./email-verification-page";
import { codeCooldownName, startCooldown } from "../../../lib/use-cooldown";

const at = "/email-verification?email=giulia%40example.com";
const render = () => renderAt(<EmailVerificationPage />, { path: "/email-verification", at });

describe("EmailVerificationPage", () => {
  it("continues to code entry with the address", () => {
    render();
    expect(screen.getByText(/giulia@example.com/)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Inserisci il codice" })).toHaveAttribute(
      "href",
      "/verify-email?email=giulia%40example.com",
    );
  });

  it("resends a code, then counts 60 s down, kept across a reload", async () => {
    const fetch = mockFetch(() =>
      answer("POST /client/resend-email-otp", { success: true, message: "Ti abbiamo inviato una nuova email" }),
    );
    const first = render();
    fireEvent.click(screen.getByRole("button", { name: "Invia di nuovo l'email" }));
    expect(await screen.findByText("Ti abbiamo inviato una nuova email")).toBeInTheDocument();
    expect(String(fetch.mock.calls[0]![0])).toBe("/api/client/resend-email-otp");
    expect(JSON.parse(String(fetch.mock.calls[0]![1]!.body))).toMatchObject({ email: "giulia@example.com" });
    expect(screen.getByRole("button", { name: /Nuovo codice tra (1:00|0:59)/ })).toBeInTheDocument();
    first.unmount();

    render();
    expect(screen.getByRole("button", { name: /Nuovo codice tra (1:00|0:59)/ })).toBeInTheDocument();
  });

  it("asking during the cooldown shows 'Devi attendere m:ss ...' for 5 s without calling the server", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    startCooldown(codeCooldownName("giulia@example.com"), 42);
    const fetch = mockFetch(() =>
      answer("POST /client/resend-email-otp", { success: true, message: "Ti abbiamo inviato una nuova email" }),
    );
    render();
    fireEvent.click(screen.getByRole("button", { name: "Nuovo codice tra 0:42" }));
    expect(screen.getByText("Devi attendere 0:42 prima di richiedere un nuovo codice")).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(4_900));
    expect(screen.getByText(/Devi attendere/)).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(screen.queryByText(/Devi attendere/)).not.toBeInTheDocument();
  });

  it("follows the server's retryAfter", async () => {
    mockFetch(() =>
      apiError({ success: false, error: "Attendi 75 secondi", code: "otp_cooldown", retryAfter: 75 }, 429),
    );
    render();
    fireEvent.click(screen.getByRole("button", { name: "Invia di nuovo l'email" }));
    expect(await screen.findByText("Devi attendere 1:15 prima di richiedere un nuovo codice")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: /Nuovo codice tra 1:1[45]/ })).toBeInTheDocument();
    expect(screen.queryByText("Attendi 75 secondi")).not.toBeInTheDocument();
  });
});
