import { describe, expect, it, vi } from "vitest";
import { screen } from "@testing-library/react";
import { useLocation } from "react-router";
import { renderRoutes } from "../../../../test/render";
import { EmailRedirectPage } from "./email-redirect-page";

function ResultProbe() {
  const location = useLocation();
  return <p>result: {(location.state as { message?: string } | null)?.message}</p>;
}

const render = (at: string, assign: (url: string) => void) =>
  renderRoutes(
    [
      { path: "/email-redirect", element: <EmailRedirectPage assign={assign} /> },
      { path: "/verify-result/*", element: <ResultProbe /> },
    ],
    { at },
  );

describe("EmailRedirectPage", () => {
  it("without a token goes to /verify-result/error with 'Token mancante'", async () => {
    const assign = vi.fn();
    const { router } = render("/email-redirect", assign);
    expect(await screen.findByText("result: Token mancante")).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/verify-result/error");
    expect(assign).not.toHaveBeenCalled();
  });

  it("shows 'Verifica in corso...' and hands token and email to the backend", () => {
    const assign = vi.fn();
    render("/email-redirect?token=abc%2B1&email=a%40b.it", assign);
    expect(screen.getByText("Verifica in corso...")).toBeInTheDocument();
    expect(assign).toHaveBeenCalledWith("/api/client/verify-email-and-login?token=abc%2B1&email=a%40b.it");
  });

  it("goes to the error result when the hand-over throws", async () => {
    const { router } = render("/email-redirect?token=abc", () => {
      throw new Error("blocked");
    });
    expect(await screen.findByText("result: Errore durante il reindirizzamento")).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/verify-result/error");
  });
});
