import { describe, expect, it, vi } from "vitest";
import { screen } from "@testing-library/react";
import { renderAt } from "../../../../test/render";
import { GoogleSignIn } from "./google-sign-in";

// A build for another OpenID provider: VITE_GOOGLE_PROVIDER_NAME=Keycloak (decision 018).
vi.mock("../../../config/env", async (importOriginal) => ({
  ...(await importOriginal<Record<string, unknown>>()),
  SIGN_IN_PROVIDER_NAME: "Keycloak",
}));

describe("GoogleSignIn with another provider configured", () => {
  it("names that provider on the sign-in and sign-up buttons", () => {
    renderAt(<GoogleSignIn />, { path: "/login" });
    expect(screen.getByRole("button", { name: "Continua con Keycloak" })).toBeInTheDocument();
    renderAt(<GoogleSignIn labelKey="register.google" />, { path: "/register" });
    expect(screen.getByRole("button", { name: "Registrati con Keycloak" })).toBeInTheDocument();
  });
});
