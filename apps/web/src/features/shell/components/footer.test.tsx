import { describe, expect, it } from "vitest";
import { screen, within } from "@testing-library/react";
import { renderInLayout, signInAs } from "../../../../test/render";
import { Footer } from "./footer";

const quickLinks = () => within(screen.getByRole("navigation", { name: "Link rapidi" }));

describe("Footer", () => {
  it("offers sign-in and registration to a visitor", async () => {
    renderInLayout(<Footer />);
    expect(await quickLinks().findByRole("link", { name: "Accedi" })).toHaveAttribute("href", "/login");
    expect(quickLinks().getByRole("link", { name: "Registrati" })).toHaveAttribute("href", "/register");
  });

  it("offers no sign-in or registration to a signed-in diner", async () => {
    signInAs();
    renderInLayout(<Footer />);
    expect(await quickLinks().findByRole("link", { name: "Trova ristoranti" })).toBeInTheDocument();
    expect(quickLinks().queryByRole("link", { name: "Accedi" })).toBeNull();
    expect(quickLinks().queryByRole("link", { name: "Registrati" })).toBeNull();
  });
});
