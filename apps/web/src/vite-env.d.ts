/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Where the browser is sent for verify-email-and-login; default: this origin. */
  readonly VITE_AUTH_BACKEND_URL?: string;
  /** The restaurant portal (outside this product). */
  readonly VITE_RESTAURANT_PORTAL_URL?: string;
  /** Override of the API base, e.g. for the native wrapper; default "/api". */
  readonly VITE_API_BASE_URL?: string;
  /** Native app: the server's GOOGLE_CLIENT_ID, the audience of the native Google ID tokens. */
  readonly VITE_GOOGLE_WEB_CLIENT_ID?: string;
  /** Native app on iOS: the iOS OAuth client id. */
  readonly VITE_GOOGLE_IOS_CLIENT_ID?: string;
  /** The name on the sign-in buttons ("Continua con …") when GOOGLE_ISSUER is another provider. */
  readonly VITE_GOOGLE_PROVIDER_NAME?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
