import { describe, expect, it } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import { renderInLayout, signInAs } from "../../../../test/render";
import { Footer } from "./footer";

const quickLinks = () => within(screen.getByRole("navigation", { name: "Link rapidi" }));

describe("Footer", () => {
  it("offers sign-in and registration to a visitor", async () => {
    renderInLayout(<Footer />);
    expect(await quickLinks().findByRole("link", { name: "Accedi" })).toHaveAttribute("href", "/login?next=%2F");
    expect(quickLinks().getByRole("link", { name: "Registrati" })).toHaveAttribute("href", "/register?next=%2F");
  });

  it("offers no sign-in or registration to a signed-in diner", async () => {
    signInAs();
    renderInLayout(<Footer />);
    expect(await quickLinks().findByRole("link", { name: "Trova ristoranti" })).toBeInTheDocument();
    // Once the stored session is read (with a hint cookie, from the first paint: decision 038).
    await waitFor(() => expect(quickLinks().queryByRole("link", { name: "Accedi" })).toBeNull());
    expect(quickLinks().queryByRole("link", { name: "Registrati" })).toBeNull();
  });
});
