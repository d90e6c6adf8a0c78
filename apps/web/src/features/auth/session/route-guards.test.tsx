import { describe, expect, it } from "vitest";
import { screen } from "@testing-library/react";
import { useLocation } from "react-router";
import { renderRoutes, signInAs } from "../../../../test/render";
import { RedirectIfSignedIn, RequireAuth, safeReturnPath } from "./route-guards";

function LoginProbe() {
  const location = useLocation();
  return <p>login page from {(location.state as { from?: string } | null)?.from}</p>;
}

const routes = [
  { element: <RequireAuth />, children: [{ path: "/history", element: <p>history page</p> }] },
  { element: <RedirectIfSignedIn />, children: [{ path: "/login", element: <LoginProbe /> }] },
  { path: "/", element: <p>home page</p> },
];

describe("route guards", () => {
  it("sends a visitor from a protected route to /login, keeping where they were going", async () => {
    const { router } = renderRoutes(routes, { at: "/history?status=pending" });
    expect(await screen.findByText("login page from /history?status=pending")).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/login");
  });

  it("lets a signed-in user through and sends them away from /login", async () => {
    signInAs();
    const { router } = renderRoutes(routes, { at: "/history" });
    expect(await screen.findByText("history page")).toBeInTheDocument();
    await router.navigate("/login");
    expect(await screen.findByText("home page")).toBeInTheDocument();
  });

  it("shows a plain loading message while the session resolves", () => {
    renderRoutes(routes, { at: "/history" });
    expect(screen.getByRole("status")).toHaveTextContent("Caricamento…");
  });

  it("only follows same-site return paths", () => {
    expect(safeReturnPath({ from: "/reservation/abc" })).toBe("/reservation/abc");
    expect(safeReturnPath({ from: "//evil.example" })).toBe("/");
    expect(safeReturnPath({ from: "https://evil.example" })).toBe("/");
    expect(safeReturnPath(null)).toBe("/");
  });
});
