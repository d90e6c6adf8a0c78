import { paths, routePatterns } from "../../../config/paths";
import type { ApiClient } from "../../../lib/api-client";
import { exchangeGoogleCode } from "../api/google";
import { getUserProfile } from "../api/get-user-profile";
import { toSession } from "../api/login";
import { loginWithToken } from "../api/login-with-token";
import { verifyEmail } from "../api/verify-email";
import type { SignInPayload } from "./session-context";

/** What a URL that opened the native app asks for (SPEC §4 native deep links). */
export type DeepLink =
  | { kind: "verifyEmail"; token: string; email: string }
  | { kind: "googleCode"; code: string }
  | { kind: "googleToken"; token: string; userId: string }
  /** Any other page of the app (a restaurant, a reset-password link, a Google message): open it. */
  | { kind: "open"; path: string };

const VERIFY_PATHS = new Set<string>([routePatterns.emailRedirect, routePatterns.verifyEmail]);

/**
 * The in-app path of a link: `https://tavolo.it/email-redirect?…` and the custom scheme's
 * `tavolo://email-redirect?…` (where "email-redirect" parses as the host) both give /email-redirect.
 */
function inAppPath(url: URL): string {
  const web = url.protocol === "https:" || url.protocol === "http:";
  const path = `${web || !url.host ? "" : `/${url.host}`}${url.pathname}`.replace(/\/{2,}/g, "/");
  return path.length > 1 ? path.replace(/\/$/, "") : "/";
}

export function parseDeepLink(raw: string): DeepLink | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  const path = inAppPath(url);
  const query = url.searchParams;
  const token = query.get("token");
  if (VERIFY_PATHS.has(path) && token && query.get("email")) {
    return { kind: "verifyEmail", token, email: query.get("email")! };
  }
  if (path === routePatterns.googleCallback) {
    const code = query.get("code");
    const userId = query.get("userId");
    if (code) return { kind: "googleCode", code };
    if (token && userId) return { kind: "googleToken", token, userId };
  }
  return { kind: "open", path: `${path}${url.search}${url.hash}` };
}

export interface DeepLinkActions {
  /** The app's API client, from the render that installed the listener (decision 058). */
  api: ApiClient;
  signIn: (session: SignInPayload) => void;
  navigate: (path: string) => void;
  /** Text for an answer without a token or user (auth.incompleteData). */
  incomplete: string;
}

/** The session a sign-in link leads to: verification then token login, or the Google return. */
async function sessionFor(
  api: ApiClient,
  link: Exclude<DeepLink, { kind: "open" }>,
  incomplete: string,
): Promise<SignInPayload> {
  switch (link.kind) {
    case "verifyEmail": {
      const { loginToken } = await verifyEmail(api, { actionCode: link.token, email: link.email });
      if (!loginToken) throw new Error("verification answered without a login token");
      return toSession(await loginWithToken(api, { email: link.email, token: loginToken }), incomplete);
    }
    case "googleCode":
      return toSession(await exchangeGoogleCode(api, link.code), incomplete);
    case "googleToken": {
      const { profile } = await getUserProfile(api, link.userId, link.token);
      return toSession({ token: link.token, user: profile }, incomplete);
    }
  }
}

/**
 * Acts on a URL that opened the app. A sign-in link that fails is only logged (SPEC §4): the app
 * stays on the screen it was showing, still usable. Resolves once handled; never rejects.
 */
export async function handleDeepLink(raw: string, actions: DeepLinkActions): Promise<void> {
  const link = parseDeepLink(raw);
  if (!link) {
    console.warn("deep link ignored: not a URL", raw);
    return;
  }
  if (link.kind === "open") {
    actions.navigate(link.path);
    return;
  }
  try {
    actions.signIn(await sessionFor(actions.api, link, actions.incomplete));
    actions.navigate(paths.home());
  } catch (error) {
    console.warn(`deep link (${link.kind}) failed`, error);
  }
}
