import { describe, expect, it } from "vitest";
import { screen } from "@testing-library/react";
import { useLocation } from "react-router";
import { renderRoutes, signInAs } from "../../../../test/render";
import { RedirectIfSignedIn, RequireAuth, returnPathOf } from "./route-guards";

function LoginProbe() {
  const location = useLocation();
  return <p>login page from {new URLSearchParams(location.search).get("next")}</p>;
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

  it("sends a signed-in diner arriving on /login?next= on to that target, not home (an early tap)", async () => {
    signInAs();
    const { router } = renderRoutes(routes, { at: "/login?next=%2Fhistory%3Fstatus%3Dpending" });
    expect(await screen.findByText("history page")).toBeInTheDocument();
    expect(router.state.location.search).toBe("?status=pending");
  });

  it("shows a plain loading message while the session resolves", () => {
    renderRoutes(routes, { at: "/history" });
    expect(screen.getByRole("status")).toHaveTextContent("Caricamento…");
  });

  it("only follows same-site return paths", () => {
    const at = (next: string) => returnPathOf({ search: `?${new URLSearchParams({ next })}` });
    expect(at("/reservation/abc?time=20:00")).toBe("/reservation/abc?time=20:00");
    expect(at("//evil.example")).toBe("/");
    expect(at("https://evil.example")).toBe("/");
    expect(returnPathOf({ search: "" })).toBe("/");
  });
});
