import { createHash, randomBytes } from "node:crypto";
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { exportJWK, generateKeyPair } from "jose";
import Provider, { type KoaContext } from "oidc-provider";
import { escapeHtml } from "@tavolo/shared/html";

/**
 * A standards-strict OpenID provider in-process: oidc-provider (the certified implementation) with
 * its default rules. It refuses prompt values it does not support (select_account), and with the
 * code flow it keeps e-mail and profile claims out of the ID token (conformIdTokenClaims, OIDC Core
 * §5.4): a relying party has to read them from UserInfo. Used by the API tests and the e2e run.
 *
 * Its sign-in page is a form where the person types who they are (e-mail, first and last name);
 * the subject is derived from the e-mail, so the same e-mail is the same account.
 */

export interface StrictProviderUser {
  email: string;
  givenName: string;
  familyName: string;
  emailVerified?: boolean;
}

export interface StrictProviderOptions {
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  /** 0 (default) picks a free port. */
  port?: number;
  host?: string;
}

export const strictSubjectOf = (email: string) =>
  `strict-${createHash("sha256").update(email.toLowerCase()).digest("hex").slice(0, 20)}`;

function readForm(request: IncomingMessage): Promise<URLSearchParams> {
  return new Promise((resolve, reject) => {
    let body = "";
    request.setEncoding("utf8");
    request.on("data", (chunk: string) => (body += chunk));
    request.on("end", () => resolve(new URLSearchParams(body)));
    request.on("error", reject);
  });
}

function signInPage(clientId: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Strict OpenID provider</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head><body>
<main><h1>Sign in to the strict OpenID provider</h1><p>${escapeHtml(clientId)} asks who you are.</p>
<form method="post">
<p><label>E-mail <input name="email" type="email" required></label></p>
<p><label>First name <input name="given_name" required></label></p>
<p><label>Last name <input name="family_name" required></label></p>
<p><button type="submit">Sign in and share my profile</button></p>
</form></main></body></html>`;
}

export async function startStrictOidcProvider(options: StrictProviderOptions) {
  const host = options.host ?? "127.0.0.1";
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, host, resolve));
  const issuer = `http://${host}:${(server.address() as AddressInfo).port}`;

  const { privateKey } = await generateKeyPair("RS256", { extractable: true });
  const signingKey = { ...(await exportJWK(privateKey)), kid: "strict-rs256", use: "sig", alg: "RS256" };
  const accounts = new Map<string, StrictProviderUser>();

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: options.clientId,
        client_secret: options.clientSecret,
        redirect_uris: [options.redirectUri],
        // openid-client sends a client secret in the body by default.
        token_endpoint_auth_method: "client_secret_post",
      },
    ],
    jwks: { keys: [signingKey] },
    cookies: { keys: [randomBytes(32).toString("hex")] },
    // Which claims each scope grants (OIDC Core §5.4). Where they travel is left to the provider's
    // defaults: with the code flow, UserInfo only.
    claims: { email: ["email", "email_verified"], profile: ["name", "given_name", "family_name"] },
    features: { devInteractions: { enabled: false } },
    // Lifetimes set, so the provider does not print a notice for each default it falls back to.
    ttl: { Interaction: 600, Session: 3600, Grant: 3600, AccessToken: 600, IdToken: 600, AuthorizationCode: 60 },
    interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
    findAccount: (_ctx: unknown, sub: string) => {
      const user = accounts.get(sub);
      if (!user) return undefined;
      return {
        accountId: sub,
        claims: () => ({
          sub,
          email: user.email,
          email_verified: user.emailVerified ?? true,
          given_name: user.givenName,
          family_name: user.familyName,
          name: `${user.givenName} ${user.familyName}`,
        }),
      };
    },
  });

  // The sign-in page: who you are, then login and consent to the scopes asked for, in one step.
  provider.use(async (ctx: KoaContext, next) => {
    if (!/^\/interaction\/[\w-]+$/.test(ctx.path)) return next();
    const details = await provider.interactionDetails(ctx.req, ctx.res);
    if (ctx.method === "GET") {
      ctx.type = "html";
      ctx.body = signInPage(String(details.params.client_id));
      return;
    }
    const form = await readForm(ctx.req);
    const user: StrictProviderUser = {
      email: form.get("email") ?? "",
      givenName: form.get("given_name") ?? "",
      familyName: form.get("family_name") ?? "",
      emailVerified: form.get("email_verified") !== "false",
    };
    const accountId = strictSubjectOf(user.email);
    accounts.set(accountId, user);
    const grant = new provider.Grant({ accountId, clientId: String(details.params.client_id) });
    grant.addOIDCScope(String(details.params.scope));
    const grantId = await grant.save();
    ctx.respond = false;
    await provider.interactionFinished(
      ctx.req,
      ctx.res,
      { login: { accountId }, consent: { grantId } },
      { mergeWithLastSubmission: false },
    );
  });

  server.on("request", provider.callback());

  return {
    issuer,
    env: { GOOGLE_ISSUER: issuer, GOOGLE_CLIENT_ID: options.clientId, GOOGLE_CLIENT_SECRET: options.clientSecret },
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
export type StrictOidcProvider = Awaited<ReturnType<typeof startStrictOidcProvider>>;
