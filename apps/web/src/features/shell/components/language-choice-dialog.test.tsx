import { describe, expect, it } from "vitest";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import i18n from "../../../i18n/i18n";
import type { Language } from "@tavolo/shared/languages";
import { storage } from "../../../lib/storage";
import { testUserAnswer } from "../../../../test/fixtures";
import { renderRoutes, testUser } from "../../../../test/render";
import { answer, mockFetch, offContract } from "../../../../test/mock-api";
import { LoginPage } from "../../auth/components/login-page";
import { AppShell } from "./app-shell";

/** Decision 036: a language picked before signing in is not lost; the diner is asked which to keep. */
function renderLogin(accountLanguage: Language) {
  const fetch = mockFetch((url, init) => {
    if (url.pathname.endsWith("/login")) {
      const user = testUserAnswer({ language: accountLanguage });
      return answer("POST /client/login", {
        success: true,
        token: "access-1",
        accessToken: "access-1",
        refreshToken: "refresh-1",
        user,
      });
    }
    if (url.pathname.includes("/updateProfile/")) {
      const changes = JSON.parse(String(init.body)) as { language: Language };
      return answer("PUT /client/updateProfile/:id", {
        success: true,
        profile: testUserAnswer({ language: changes.language }),
      });
    }
    return offContract({ success: true });
  });
  renderRoutes(
    [
      {
        element: <AppShell />,
        children: [
          { path: "/login", element: <LoginPage /> },
          { path: "*", element: <p>home page</p> },
        ],
      },
    ],
    { at: "/login" },
  );
  return fetch;
}

async function signIn(submit: string) {
  fireEvent.change(await screen.findByLabelText(/^Email/), { target: { value: testUser.email } });
  fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: "Tavolo1!" } });
  fireEvent.click(screen.getAllByRole("button", { name: submit }).at(-1)!);
}

const profileCalls = (fetch: ReturnType<typeof mockFetch>) =>
  fetch.mock.calls.filter(([url]) => String(url).includes("/updateProfile/"));

// The dialog is a chunk of its own, loaded on demand: slow on a busy machine.
describe("signing in with another language than the account's", { timeout: 30_000 }, () => {
  it("asks, and 'use English' stores English on the account as a switch while signed in does", async () => {
    await i18n.changeLanguage("en");
    const fetch = renderLogin("it");
    await signIn("Sign in");
    const dialog = await screen.findByRole("dialog", { name: "Your account's language" });
    expect(dialog).toHaveTextContent("Your account's language is Italiano");
    expect(profileCalls(fetch)).toHaveLength(0);
    fireEvent.click(screen.getByRole("button", { name: "Use English for emails and texts too" }));
    await waitFor(() => expect(profileCalls(fetch)).toHaveLength(1));
    const [url, init] = profileCalls(fetch)[0]!;
    expect(String(url)).toMatch(/\/updateProfile\/u-1$/);
    expect(JSON.parse(String(init?.body))).toEqual({ language: "en" });
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(storage.getJson("user")).toMatchObject({ language: "en" });
    expect(i18n.language).toBe("en");
  });

  it("or puts the app in the account's language, leaving the account as it is", async () => {
    await i18n.changeLanguage("en");
    const fetch = renderLogin("it");
    await signIn("Sign in");
    await screen.findByRole("dialog", { name: "Your account's language" });
    fireEvent.click(screen.getByRole("button", { name: "Switch the app to Italiano" }));
    await waitFor(() => expect(i18n.language).toBe("it"));
    expect(await screen.findByRole("link", { name: "Vai al contenuto" })).toBeInTheDocument();
    expect(profileCalls(fetch)).toHaveLength(0);
  });

  it("asks nothing when the languages agree", async () => {
    const fetch = renderLogin("it");
    await signIn("Accedi");
    await waitFor(() => expect(storage.getString("auth_token")).toBe("access-1"));
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(profileCalls(fetch)).toHaveLength(0);
  });
});
