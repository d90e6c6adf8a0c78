import { describe, expect, it, vi } from "vitest";
import { screen } from "@testing-library/react";
import { ApiError } from "../../../lib/api-client";
import type { StoredUser } from "../../../lib/storage";
import { notificationSettingsFixture } from "../../../../test/fixtures";
import { renderAt } from "../../../../test/render";
import { answer, mockFetch } from "../../../../test/mock-api";
import { SettingsPage } from "./settings-page";

const user: StoredUser = {
  id: "9b2f7a4e-1c3d-4e5f-8a9b-0c1d2e3f4a5b",
  email: "giulia.rossi@example.com",
  firstName: "Giulia",
  lastName: "Rossi",
  phoneNumber: "+393331234567",
  phoneVerified: true,
  emailVerified: true,
  authProvider: "password",
};

function renderPage(overrides: Partial<StoredUser> = {}, refreshProfile = vi.fn(async () => null as Error | null)) {
  mockFetch(() =>
    answer("GET /client/notification-settings", {
      success: true,
      settings: notificationSettingsFixture(),
    }),
  );
  renderAt(
    <SettingsPage
      user={{ ...user, ...overrides }}
      onUserChanged={vi.fn()}
      refreshProfile={refreshProfile}
      onLogout={vi.fn()}
      onAccountDeleted={vi.fn()}
      languageControl={<p>language switch</p>}
      avatar={<span>G</span>}
    />,
    { path: "/settings" },
  );
  return { refreshProfile };
}

describe("SettingsPage", () => {
  it("shows every section of SPEC §2, with the e-mail read-only and the profile re-read on arrival", async () => {
    const { refreshProfile } = renderPage();
    for (const name of ["Profilo", "Email e password", "Notifiche", "Lingua", "Privacy e dati", "Informazioni"]) {
      expect(screen.getByRole("heading", { level: 2, name })).toBeInTheDocument();
    }
    expect(screen.getByRole("heading", { name: "Cambia email" })).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Cambia password" })).toBeInTheDocument();
    expect(screen.getByText("language switch")).toBeInTheDocument();
    // Both data controls one tap from the section links.
    expect(screen.getByRole("link", { name: "Privacy e dati" })).toHaveAttribute("href", "#privacy-data");
    expect(screen.getByRole("button", { name: "Scarica i miei dati" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Elimina account" })).toBeInTheDocument();
    for (const title of ["Privacy", "Termini e condizioni", "Aiuto", "Informazioni su Tavolo"]) {
      expect(screen.getByText(title)).toBeInTheDocument();
    }
    // The e-mail is shown, not editable, in the profile.
    expect(screen.queryByRole("textbox", { name: /^Email/ })).not.toBeInTheDocument();
    expect(refreshProfile).toHaveBeenCalled();
    expect(await screen.findByRole("switch", { name: "Notifiche attive" })).toBeChecked();
  });

  it("hides the e-mail and password cards from Google accounts", () => {
    renderPage({ authProvider: "google" });
    expect(screen.queryByRole("heading", { name: "Cambia email" })).not.toBeInTheDocument();
    expect(screen.queryByRole("heading", { name: "Cambia password" })).not.toBeInTheDocument();
    expect(screen.getByText(/Hai effettuato l'accesso con Google/)).toBeInTheDocument();
  });

  it("says to wait and reload when the profile fetch is rate limited (429)", async () => {
    renderPage(
      {},
      vi.fn(async () => new ApiError({ status: 429, code: "rate_limited", message: "Troppe richieste" })),
    );
    expect(
      await screen.findByText("Troppe richieste al server. Attendere qualche secondo e ricaricare la pagina."),
    ).toBeInTheDocument();
  });
});
