import { describe, expect, it } from "vitest";
import { act, fireEvent, screen, within } from "@testing-library/react";
import { avatarInitial } from "../../auth/session/user-display";
import { renderInLayout, signInAs, testUser } from "../../../../test/render";
import { Header } from "./header";

const renderHeader = (at = "/") => renderInLayout(<Header />, { at });

describe("avatarInitial", () => {
  it("uses the display name, else the first name, else a question mark", () => {
    expect(avatarInitial({ displayName: "marco B.", firstName: "Giulia" })).toBe("M");
    expect(avatarInitial({ displayName: "  ", firstName: "giulia" })).toBe("G");
    expect(avatarInitial({})).toBe("?");
    expect(avatarInitial(null)).toBe("?");
  });
});

describe("Header", () => {
  it("shows login and register to visitors, not the account links", async () => {
    renderHeader();
    const nav = screen.getByRole("navigation", { name: "Navigazione principale" });
    expect(within(nav).getByRole("link", { name: "Home" })).toHaveAttribute("href", "/");
    expect(within(nav).getByRole("link", { name: "Trova ristoranti" })).toHaveAttribute("href", "/search");
    expect(within(nav).queryByRole("link", { name: "Preferiti" })).not.toBeInTheDocument();
    const banner = screen.getByRole("banner");
    expect(await within(banner).findAllByRole("link", { name: "Accedi" })).not.toHaveLength(0);
    expect(within(banner).getAllByRole("link", { name: "Registrati" })[0]).toHaveAttribute(
      "href",
      expect.stringMatching(/^\/register\?next=%2F/),
    );
    expect(within(banner).queryByTestId("avatar")).not.toBeInTheDocument();
    const portal = within(banner).getAllByRole("link", { name: /Per i ristoranti/ })[0]!;
    expect(portal).toHaveAttribute("href", "https://partner.tavolo.it");
    expect(portal).toHaveAttribute("target", "_blank");
  });

  it("shows favorites, reservations and the profile menu with the display-name initial when signed in", async () => {
    signInAs({ ...testUser, displayName: "marco Bianchi", firstName: "Giulia" });
    renderHeader();
    const nav = screen.getByRole("navigation", { name: "Navigazione principale" });
    expect(await within(nav).findByRole("link", { name: "Preferiti" })).toHaveAttribute("href", "/favorites");
    expect(within(nav).getByRole("link", { name: "Le mie prenotazioni" })).toHaveAttribute("href", "/history");
    const trigger = await screen.findByRole("button", { name: "Menu account di marco Bianchi" });
    expect(within(trigger).getByTestId("avatar")).toHaveTextContent("M");
    expect(within(screen.getByRole("banner")).queryByRole("link", { name: "Registrati" })).not.toBeInTheDocument();
  });

  it("opens the profile menu with identity, links and logout", async () => {
    signInAs({ ...testUser, displayName: undefined, firstName: "giulia" });
    renderHeader();
    const trigger = await screen.findByRole("button", { name: /Menu account di/ });
    expect(within(trigger).getByTestId("avatar")).toHaveTextContent("G");
    fireEvent.pointerDown(trigger, { button: 0, ctrlKey: false, pointerType: "mouse" });
    const menu = await screen.findByRole("menu");
    expect(within(menu).getByText(testUser.email)).toBeInTheDocument();
    expect(within(menu).getByRole("menuitem", { name: "Profilo" })).toHaveAttribute("href", "/settings");
    expect(within(menu).getByRole("menuitem", { name: "Preferiti" })).toHaveAttribute("href", "/favorites");
    expect(within(menu).getByRole("menuitem", { name: "Prenotazioni" })).toHaveAttribute("href", "/history");
    expect(within(menu).getByRole("menuitem", { name: "Notifiche" })).toHaveAttribute("href", "/notifications");
    expect(within(menu).getByRole("menuitem", { name: "Esci" })).toBeInTheDocument();
  });

  it("takes the scrolled style only past 20 px", () => {
    renderHeader();
    const header = screen.getByRole("banner");
    expect(header).not.toHaveClass("scrolled");
    act(() => {
      Object.defineProperty(window, "scrollY", { value: 20, configurable: true });
      window.dispatchEvent(new Event("scroll"));
    });
    expect(header).not.toHaveClass("scrolled");
    act(() => {
      Object.defineProperty(window, "scrollY", { value: 21, configurable: true });
      window.dispatchEvent(new Event("scroll"));
    });
    expect(header).toHaveClass("scrolled");
    act(() => {
      Object.defineProperty(window, "scrollY", { value: 0, configurable: true });
      window.dispatchEvent(new Event("scroll"));
    });
    expect(header).not.toHaveClass("scrolled");
  });
});
