/** Every Vite env read lives here, so defaults are decided once. */
function trimSlash(value: string): string {
  return value.replace(/\/+$/, "");
}

const env = import.meta.env;

export const API_BASE_URL = trimSlash(env.VITE_API_BASE_URL || "/api");

/** Empty string = same origin, so `${AUTH_BACKEND}/api/...` stays a relative URL. */
export const AUTH_BACKEND = trimSlash(env.VITE_AUTH_BACKEND_URL || "");

export const RESTAURANT_PORTAL_URL = trimSlash(env.VITE_RESTAURANT_PORTAL_URL || "https://partner.tavolo.it");
export const RESTAURANT_OWNER_SIGNUP_URL = `${RESTAURANT_PORTAL_URL}/register`;

/**
 * OAuth client ids the native Google sign-in asks ID tokens for. `web` must be the server's
 * GOOGLE_CLIENT_ID (the tokens' audience); `ios` is the iOS app's own client. Unset: no native Google.
 */
export const NATIVE_GOOGLE_CLIENT_IDS = {
  web: env.VITE_GOOGLE_WEB_CLIENT_ID || "",
  ios: env.VITE_GOOGLE_IOS_CLIENT_ID || "",
} as const;

/**
 * The OpenID provider the sign-in buttons name: Google unless the build says otherwise (the server's
 * GOOGLE_ISSUER may be any standards-compliant provider, decision 018).
 */
export const SIGN_IN_PROVIDER_NAME = env.VITE_GOOGLE_PROVIDER_NAME?.trim() || "Google";

/** Contact block of the footer: Tavolo's office in Milano. */
export const CONTACT = {
  email: "ciao@tavolo.it",
  phone: "+39 02 8088 1234",
  phoneHref: "tel:+390280881234",
  address: "Via Tortona 31, 20144 Milano MI",
} as const;
