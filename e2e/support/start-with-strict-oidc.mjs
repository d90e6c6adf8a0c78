/**
 * The e2e webServer of the strict-provider run: a standards-strict OpenID provider in-process
 * (oidc-provider with its default claim rules, apps/api/test/strict-oidc-provider.ts), then a second
 * real API pointed at it. Run with `node --import tsx` (the provider helper is TypeScript).
 */
import { startStrictOidcProvider } from "../../apps/api/test/strict-oidc-provider.ts";
import { startApi } from "./start-api.mjs";

const provider = await startStrictOidcProvider({
  port: Number(process.env.E2E_STRICT_OIDC_PORT ?? 3196),
  clientId: "tavolo-e2e-strict",
  clientSecret: "e2e-strict-secret",
  redirectUri: `${process.env.APP_ORIGIN}/api/auth/google/callback`,
});

startApi(provider.env, provider.stop);
