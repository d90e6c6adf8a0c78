import { describe, expect, it } from "vitest";
import { fireEvent, screen } from "@testing-library/react";
import { Outlet } from "react-router";
import { renderRoutes } from "../../../../test/render";
import { BottomBar } from "./bottom-bar";
import { LanguageSelector } from "./language-selector";

describe("LanguageSelector", () => {
  it("switches the interface to English, persists the choice and sets <html lang>", async () => {
    renderRoutes([
      {
        path: "/",
        element: (
          <>
            <LanguageSelector />
            <BottomBar />
            <Outlet />
          </>
        ),
      },
    ]);
    expect(screen.getByRole("link", { name: "Accedi" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: /Italiano/ })).toHaveAttribute("aria-pressed", "true");
    // index.html's link: the installed app's name and description follow the page's language.
    const manifest = document.head.appendChild(Object.assign(document.createElement("link"), { rel: "manifest" }));

    fireEvent.click(screen.getByRole("button", { name: /English/ }));

    expect(await screen.findByRole("link", { name: "Sign in" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Sign up" })).toBeInTheDocument();
    expect(screen.getByRole("group", { name: "Language" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: /English/ })).toHaveAttribute("aria-pressed", "true");
    expect(localStorage.getItem("i18nextLng")).toBe("en");
    expect(document.documentElement.lang).toBe("en");
    expect(manifest.getAttribute("href")).toBe("/manifest.en.webmanifest");

    fireEvent.click(screen.getByRole("button", { name: /Italiano/ }));
    expect(await screen.findByRole("link", { name: "Accedi" })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe("it");
    expect(manifest.getAttribute("href")).toBe("/manifest.webmanifest");
    manifest.remove();
  });
});
