import { describe, expect, it, vi } from "vitest";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { storage } from "../../../lib/storage";
import { notificationSettingsFixture } from "../../../../test/fixtures";
import { renderAt } from "../../../../test/render";
import { answer, apiError, mockFetch, offContract } from "../../../../test/mock-api";
import { EmailChangeForm, emailChangeCooldownName } from "./email-change-form";
import { NotificationSettingsForm } from "./notification-settings-form";
import { PasswordChangeForm } from "./password-change-form";

const USER_ID = "9b2f7a4e-1c3d-4e5f-8a9b-0c1d2e3f4a5b";
const apiCalls = (fetch: ReturnType<typeof mockFetch>) =>
  fetch.mock.calls.filter(([input]) => !String(input).includes("/user-profile"));
const bodyOf = (call: unknown[]) => JSON.parse(String((call[1] as RequestInit).body)) as Record<string, unknown>;

describe("PasswordChangeForm", () => {
  const fill = (current: string, next: string, confirm: string) => {
    fireEvent.change(screen.getByLabelText(/^Password attuale/), { target: { value: current } });
    fireEvent.change(screen.getByLabelText(/^Nuova password/), { target: { value: next } });
    fireEvent.change(screen.getByLabelText(/^Conferma la nuova password/), { target: { value: confirm } });
    fireEvent.click(screen.getByRole("button", { name: "Cambia password" }));
  };

  it("checks the rules in the browser: current required, 8+ characters, five rules, confirmation", async () => {
    const fetch = mockFetch(() => offContract({}));
    renderAt(<PasswordChangeForm />);
    fill("", "Ab1#xyz", "Ab1#xyz");
    expect(await screen.findByText("Inserisci la password attuale")).toBeInTheDocument();
    expect(screen.getByText("La nuova password deve avere almeno 8 caratteri")).toBeInTheDocument();
    fill("Vecchia#1", "abcdefgh1#", "abcdefgh1#");
    expect(await screen.findByText("La password non soddisfa tutti i criteri richiesti")).toBeInTheDocument();
    fill("Vecchia#1", "Nuova#Pass9", "Nuova#Pass8");
    expect(await screen.findByText("Le password non coincidono")).toBeInTheDocument();
    // The live list counts 8 characters here, not the registration's 6.
    expect(screen.queryByText("Almeno 8 caratteri")).not.toBeInTheDocument();
    fireEvent.change(screen.getByLabelText(/^Nuova password/), { target: { value: "Ab#1" } });
    expect(screen.getByText("Almeno 8 caratteri")).toBeInTheDocument();
    expect(apiCalls(fetch)).toHaveLength(0);
  });

  it("sends current and new password, shows a wrong current password, and clears the form on success", async () => {
    let respond = () =>
      apiError({ success: false, code: "current_password_wrong", error: "La password attuale non è corretta" }, 400);
    const fetch = mockFetch(() => respond());
    const onChanged = vi.fn();
    renderAt(<PasswordChangeForm onChanged={onChanged} />);
    fill("Sbagliata#1", "Nuova#Pass9", "Nuova#Pass9");
    expect(await screen.findByText("La password attuale non è corretta")).toBeInTheDocument();
    expect(onChanged).not.toHaveBeenCalled();
    expect(bodyOf(apiCalls(fetch)[0]!)).toMatchObject({ currentPassword: "Sbagliata#1", newPassword: "Nuova#Pass9" });
    expect(bodyOf(apiCalls(fetch)[0]!)).not.toHaveProperty("confirmPassword");

    respond = () =>
      answer("POST /client/change-password", {
        success: true,
        message: "Password aggiornata: le altre sessioni sono state chiuse",
      });
    fill("Giusta#Pass1", "Nuova#Pass9", "Nuova#Pass9");
    expect(await screen.findByText("Password aggiornata: le altre sessioni sono state chiuse")).toBeInTheDocument();
    expect(screen.getByLabelText(/^Password attuale/)).toHaveValue("");
    expect(onChanged).toHaveBeenCalledTimes(1);
  });
});

describe("EmailChangeForm", () => {
  const submit = (value: string) => {
    fireEvent.change(screen.getByLabelText(/^Nuova email/), { target: { value } });
    fireEvent.click(screen.getByRole("button", { name: /Invia il link di conferma|Nuova richiesta tra/ }));
  };

  it("refuses an empty or malformed address with the spec's text, without calling the server", async () => {
    const fetch = mockFetch(() => offContract({}));
    renderAt(<EmailChangeForm userId={USER_ID} currentEmail="old@example.it" onRequested={vi.fn()} />);
    submit("");
    expect(await screen.findByText("Inserisci un indirizzo email valido")).toBeInTheDocument();
    submit("not-an-address");
    expect(screen.getByText("Inserisci un indirizzo email valido")).toBeInTheDocument();
    expect(apiCalls(fetch)).toHaveLength(0);
  });

  it("shows a taken address, then on success starts the persisted 60 s cooldown and moves on", async () => {
    let respond = () =>
      apiError({ success: false, code: "email_taken", error: "Questo indirizzo email è già in uso" }, 409);
    const fetch = mockFetch(() => respond());
    const onRequested = vi.fn();
    renderAt(<EmailChangeForm userId={USER_ID} currentEmail="old@example.it" onRequested={onRequested} />);
    submit("taken@example.it");
    expect(await screen.findByText("Questo indirizzo email è già in uso")).toBeInTheDocument();

    respond = () => answer("POST /client/request-email-change", { success: true, message: "ok" });
    submit(" new@example.it ");
    await waitFor(() => expect(onRequested).toHaveBeenCalledWith("new@example.it"));
    expect(bodyOf(apiCalls(fetch)[1]!)).toMatchObject({ newEmail: "new@example.it" });
    expect(storage.getJson("cooldowns")?.[emailChangeCooldownName(USER_ID)]).toBeGreaterThan(Date.now() + 55_000);

    submit("other@example.it");
    expect(
      await screen.findByText(/^Devi attendere (0:59|1:00) prima di richiedere un nuovo codice$/),
    ).toBeInTheDocument();
    expect(apiCalls(fetch)).toHaveLength(2);
  });

  it("says 'Errore nella richiesta di cambio email' when the server gives no reason, and the token text on a 401", async () => {
    let respond = () => new Response("", { status: 500 });
    mockFetch(() => respond());
    renderAt(<EmailChangeForm userId={USER_ID} currentEmail="old@example.it" onRequested={vi.fn()} />);
    submit("new@example.it");
    expect(await screen.findByText("Errore nella richiesta di cambio email")).toBeInTheDocument();
    respond = () => new Response("", { status: 401 });
    submit("new@example.it");
    expect(await screen.findByText("Token di autenticazione non valido")).toBeInTheDocument();
  });
});

describe("NotificationSettingsForm", () => {
  it("shows the saved settings and saves each switch; the filters need notifications on", async () => {
    let saved = notificationSettingsFixture();
    const fetch = mockFetch((url, init) => {
      if (init.method === "PUT") saved = bodyOf([url, init]) as typeof saved;
      return answer(init.method === "PUT" ? "PUT /client/notification-settings" : "GET /client/notification-settings", {
        success: true,
        ...(init.method === "PUT" ? { message: "Preferenze salvate" } : {}),
        settings: saved,
      });
    });
    renderAt(<NotificationSettingsForm userId={USER_ID} />);
    const weekends = await screen.findByRole("switch", { name: "Solo nel fine settimana" });
    expect(screen.getByRole("switch", { name: "Notifiche attive" })).toBeChecked();
    fireEvent.click(weekends);
    await waitFor(() => expect(weekends).toBeChecked());
    expect(await screen.findByText("Preferenze salvate")).toBeInTheDocument();
    const put = apiCalls(fetch).find(([, init]) => (init as RequestInit).method === "PUT")!;
    expect(bodyOf(put)).toMatchObject({ enabled: true, favoriteRestaurants: false, weekendsOnly: true });

    fireEvent.click(screen.getByRole("switch", { name: "Notifiche attive" }));
    await waitFor(() => expect(screen.getByRole("switch", { name: "Solo nel fine settimana" })).toBeDisabled());
  });

  it("goes back to the saved state when saving fails", async () => {
    mockFetch((_url, init) =>
      init.method === "PUT"
        ? new Response("", { status: 500 })
        : answer("GET /client/notification-settings", {
            success: true,
            settings: notificationSettingsFixture(),
          }),
    );
    renderAt(<NotificationSettingsForm userId={USER_ID} />);
    const favorites = await screen.findByRole("switch", { name: "Solo ristoranti preferiti" });
    fireEvent.click(favorites);
    expect(await screen.findByText("Impossibile salvare le preferenze di notifica. Riprova.")).toBeInTheDocument();
    expect(favorites).not.toBeChecked();
  });
});
