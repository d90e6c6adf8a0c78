import { describe, expect, it, vi } from "vitest";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { authUserFixture, notificationSettingsFixture } from "../../../../test/fixtures";
import { renderAt } from "../../../../test/render";
import { answer, apiError, mockFetch } from "../../../../test/mock-api";
import { PrivacyDataCard } from "./privacy-data-card";

const EMAIL = "benedetta.loria@example.it";

function renderCard(hasPassword: boolean) {
  const onAccountDeleted = vi.fn();
  renderAt(<PrivacyDataCard email={EMAIL} hasPassword={hasPassword} onAccountDeleted={onAccountDeleted} />, {
    path: "/settings",
  });
  return { onAccountDeleted };
}

const openDialog = () => fireEvent.click(screen.getByRole("button", { name: "Elimina account" }));
const destructive = () => screen.getByRole("button", { name: "Elimina definitivamente" });

describe("PrivacyDataCard", () => {
  it("says what a deletion does and keeps the destructive button off until the password is typed", async () => {
    const fetch = mockFetch(() =>
      answer("DELETE /client/account", { success: true, message: "Il tuo account è stato eliminato." }),
    );
    const { onAccountDeleted } = renderCard(true);
    openDialog();
    const dialog = await screen.findByRole("dialog", { name: "Eliminare l'account?" });
    expect(dialog).toHaveTextContent("Le prenotazioni future e quelle last minute vengono annullate");
    expect(dialog).toHaveTextContent("Profilo, preferiti, impostazioni");
    expect(destructive()).toBeDisabled();
    fireEvent.change(screen.getByLabelText(/^Password attuale/), { target: { value: "Tavolo#2025" } });
    expect(destructive()).toBeEnabled();
    fireEvent.click(destructive());
    await waitFor(() => expect(onAccountDeleted).toHaveBeenCalledWith("Il tuo account è stato eliminato."));
    const [url, init] = fetch.mock.calls[0]!;
    expect(String(url)).toMatch(/\/api\/client\/account$/);
    expect(init).toMatchObject({ method: "DELETE" });
    expect(JSON.parse(String(init?.body))).toEqual({ password: "Tavolo#2025" });
  });

  it("loads the dialog when asked, and closes it with Escape", async () => {
    renderCard(true);
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    openDialog();
    const dialog = await screen.findByRole("dialog", { name: "Eliminare l'account?" });
    fireEvent.keyDown(dialog, { key: "Escape" });
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
  });

  it("asks a Google account for a code mailed to it, not its address typed again, and shows the server's refusal", async () => {
    const fetch = mockFetch((url) =>
      String(url).endsWith("/deletion-code")
        ? answer("POST /client/account/deletion-code", {
            success: true,
            message: "Ti abbiamo inviato via email un codice di 6 cifre.",
          })
        : apiError({ success: false, code: "delete_code_wrong", error: "Codice non valido o scaduto." }, 400),
    );
    const { onAccountDeleted } = renderCard(false);
    openDialog();
    const dialog = await screen.findByRole("dialog");
    expect(screen.queryByLabelText(/^Password attuale/)).not.toBeInTheDocument();
    expect(dialog).toHaveTextContent(`ti inviamo un codice di 6 cifre a ${EMAIL}`);
    fireEvent.click(screen.getByRole("button", { name: "Inviami il codice" }));
    expect(await screen.findByRole("status")).toHaveTextContent("Ti abbiamo inviato via email un codice di 6 cifre.");
    expect(String(fetch.mock.calls[0]![0])).toMatch(/\/api\/client\/account\/deletion-code$/);
    expect(screen.getByRole("button", { name: "Invia un nuovo codice" })).toBeInTheDocument();

    const code = screen.getByLabelText(/^Codice ricevuto via email/);
    fireEvent.change(code, { target: { value: "12a34" } });
    expect(destructive()).toBeDisabled();
    fireEvent.change(code, { target: { value: "123456" } });
    fireEvent.click(destructive());
    expect(await screen.findByRole("alert")).toHaveTextContent("Codice non valido o scaduto.");
    expect(JSON.parse(String(fetch.mock.calls[1]![1]?.body))).toEqual({ code: "123456" });
    expect(onAccountDeleted).not.toHaveBeenCalled();
  });

  it("saves the export as tavolo-<date>.json after checking its shape", async () => {
    const data = {
      exportedAt: new Date().toISOString(),
      profile: {
        ...authUserFixture({ id: "9b2f7a4e-1c3d-4e5f-8a9b-0c1d2e3f4a5b", email: EMAIL, firstName: "Benedetta" }),
        lastName: "Loria",
        displayName: "",
        createdAt: new Date().toISOString(),
      },
      signInMethods: { password: true, google: false },
      reservations: [],
      offerBookings: [],
      favorites: [],
      notificationSettings: notificationSettingsFixture(),
      cityAlerts: [],
      waitlist: [],
      pushSubscriptions: [],
      sessions: [],
      emails: [],
    };
    mockFetch(() => answer("GET /client/account/export", data));
    const saved: { name: string; href: string }[] = [];
    vi.stubGlobal("URL", Object.assign(URL, { createObjectURL: () => "blob:export", revokeObjectURL: () => {} }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ name: this.download, href: this.href });
    });
    renderCard(true);
    fireEvent.click(screen.getByRole("button", { name: "Scarica i miei dati" }));
    expect(await screen.findByRole("status")).toHaveTextContent("File salvato");
    expect(saved).toEqual([{ name: `tavolo-${new Date().toISOString().slice(0, 10)}.json`, href: "blob:export" }]);
    click.mockRestore();
  });
});
