import { describe, expect, it } from "vitest";
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { renderInLayout, signInAs, testUser } from "../../../../test/render";
import { forgetLoadedPieces } from "../../../lib/lazy-piece";
import { Header } from "./header";

/** The header, once its menu (loaded after the first render, decision 061) is in the page. */
async function renderHeader() {
  const rendered = renderInLayout(<Header />);
  await waitFor(() => expect(document.getElementById("mobile-menu")).not.toBeNull());
  return rendered;
}

describe("Mobile menu", () => {
  it("takes the focus when it arrives after a tap that came before it", async () => {
    // As on a page just opened: the menu's module is not loaded yet, whatever ran before.
    forgetLoadedPieces();
    renderInLayout(<Header />);
    const toggle = screen.getByRole("button", { name: "Apri il menu" });
    toggle.focus();
    expect(document.getElementById("mobile-menu")).toBeNull();
    fireEvent.click(toggle);
    await waitFor(() => expect(document.getElementById("mobile-menu")).toBeVisible());
    expect(document.getElementById("mobile-menu")!.contains(document.activeElement)).toBe(true);
    expect(document.body.style.overflow).toBe("hidden");
  });

  it("toggles open and closed and locks page scroll while open", async () => {
    await renderHeader();
    const toggle = screen.getByRole("button", { name: "Apri il menu" });
    const menu = document.getElementById("mobile-menu")!;
    expect(menu).not.toBeVisible();
    expect(toggle).toHaveAttribute("aria-expanded", "false");

    fireEvent.click(toggle);
    expect(menu).toBeVisible();
    expect(toggle).toHaveAttribute("aria-expanded", "true");
    expect(toggle).toHaveAccessibleName("Chiudi il menu");
    expect(document.body.style.overflow).toBe("hidden");

    fireEvent.click(toggle);
    expect(menu).not.toBeVisible();
    expect(document.body.style.overflow).toBe("");
  });

  it("takes the focus when open, keeps Tab inside it and its toggle, and gives the focus back on close", async () => {
    await renderHeader();
    const toggle = screen.getByRole("button", { name: "Apri il menu" });
    toggle.focus();
    fireEvent.click(toggle);
    const menu = document.getElementById("mobile-menu")!;
    expect(menu.contains(document.activeElement)).toBe(true);
    const stops: (Element | null)[] = [];
    for (let step = 0; step < 30; step++) {
      fireEvent.keyDown(document, { key: "Tab" });
      stops.push(document.activeElement);
    }
    expect(stops.every((stop) => stop === toggle || menu.contains(stop))).toBe(true);
    expect(stops).toContain(toggle);
    fireEvent.keyDown(document, { key: "Tab", shiftKey: true });
    expect(document.activeElement === toggle || menu.contains(document.activeElement)).toBe(true);
    menu.querySelector<HTMLElement>("a")!.focus();
    fireEvent.keyDown(document, { key: "Escape" });
    expect(menu).not.toBeVisible();
    expect(document.activeElement).toBe(toggle);
  });

  it("closes on route change and on Escape", async () => {
    const { router } = await renderHeader();
    fireEvent.click(screen.getByRole("button", { name: "Apri il menu" }));
    const menu = document.getElementById("mobile-menu")!;
    fireEvent.click(within(menu).getByRole("link", { name: /Trova ristoranti/ }));
    expect(await screen.findByText("other page")).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/search");
    expect(menu).not.toBeVisible();
    expect(document.body.style.overflow).toBe("");

    fireEvent.click(screen.getByRole("button", { name: "Apri il menu" }));
    expect(menu).toBeVisible();
    fireEvent.keyDown(document, { key: "Escape" });
    expect(menu).not.toBeVisible();

    // A navigation that does not come from the menu closes it too (e.g. the back button).
    fireEvent.click(screen.getByRole("button", { name: "Apri il menu" }));
    await act(() => router.navigate("/"));
    expect(menu).not.toBeVisible();
  });

  it("shows the user's name, email and a settings link when signed in", async () => {
    signInAs();
    await renderHeader();
    fireEvent.click(screen.getByRole("button", { name: "Apri il menu" }));
    const menu = document.getElementById("mobile-menu")!;
    expect(await within(menu).findByText("Giulia R.")).toBeInTheDocument();
    expect(within(menu).getByText(testUser.email)).toBeInTheDocument();
    expect(within(menu).getAllByRole("link", { name: "Impostazioni" })[0]).toHaveAttribute("href", "/settings");
    expect(within(menu).getByRole("button", { name: "Esci" })).toBeInTheDocument();
    expect(within(menu).queryByRole("link", { name: "Accedi" })).not.toBeInTheDocument();
  });

  it("offers login, register and the restaurant portal to visitors", async () => {
    await renderHeader();
    fireEvent.click(screen.getByRole("button", { name: "Apri il menu" }));
    const menu = document.getElementById("mobile-menu")!;
    expect(await within(menu).findByRole("link", { name: "Accedi" })).toHaveAttribute(
      "href",
      expect.stringMatching(/^\/login\?next=%2F/),
    );
    expect(within(menu).getByRole("link", { name: "Registrati" })).toHaveAttribute(
      "href",
      expect.stringMatching(/^\/register\?next=%2F/),
    );
    expect(within(menu).getByRole("link", { name: /Per i ristoranti/ })).toHaveAttribute(
      "href",
      "https://partner.tavolo.it",
    );
  });
});
