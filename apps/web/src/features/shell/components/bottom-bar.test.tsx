import { describe, expect, it } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import { renderAt, signInAs } from "../../../../test/render";
import { BottomBar } from "./bottom-bar";

const labels = () =>
  within(screen.getByRole("navigation", { name: "Navigazione rapida" }))
    .getAllByRole("link")
    .map((link) => [link.textContent, link.getAttribute("href")]);

describe("BottomBar", () => {
  it("shows home, search, login and register to visitors", async () => {
    renderAt(<BottomBar />, { path: "/search", at: "/search" });
    expect(labels()).toEqual([
      ["Home", "/"],
      ["Cerca", "/search"],
      ["Accedi", "/login?next=%2Fsearch"],
      ["Registrati", "/register?next=%2Fsearch"],
    ]);
    expect(screen.getByRole("link", { name: "Cerca" })).toHaveAttribute("aria-current", "page");
    expect(screen.getByRole("link", { name: "Home" })).not.toHaveAttribute("aria-current");
  });

  it("shows the signed-in tabs, never Accedi, while the session loads in a browser with the hint (decision 038)", async () => {
    document.cookie = "tavolo_signed_in=1; Path=/";
    try {
      renderAt(<BottomBar />, { path: "/search", at: "/search" });
      expect(labels()).toEqual([
        ["Home", "/"],
        ["Cerca", "/search"],
        ["Prenotazioni", "/history"],
        ["Profilo", "/settings"],
      ]);
      // No session stored after all: the visitor's tabs, and the stale hint is cleared.
      expect(await screen.findByRole("link", { name: "Accedi" })).toHaveAttribute("href", "/login?next=%2Fsearch");
      // The hint follows the session in an effect, which may run after that render's paint.
      await waitFor(() => expect(document.cookie).not.toContain("tavolo_signed_in=1"));
    } finally {
      document.cookie = "tavolo_signed_in=; Path=/; Max-Age=0";
    }
  });

  it("shows home, search, history and profile when signed in", async () => {
    signInAs();
    renderAt(<BottomBar />);
    await screen.findByRole("link", { name: "Prenotazioni" });
    expect(labels()).toEqual([
      ["Home", "/"],
      ["Cerca", "/search"],
      ["Prenotazioni", "/history"],
      ["Profilo", "/settings"],
    ]);
    expect(screen.getByRole("link", { name: "Home" })).toHaveAttribute("aria-current", "page");
  });
});
