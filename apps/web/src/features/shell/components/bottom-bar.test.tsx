import { describe, expect, it } from "vitest";
import { screen, within } from "@testing-library/react";
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
      ["Accedi", "/login"],
      ["Registrati", "/register"],
    ]);
    expect(screen.getByRole("link", { name: "Cerca" })).toHaveAttribute("aria-current", "page");
    expect(screen.getByRole("link", { name: "Home" })).not.toHaveAttribute("aria-current");
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
