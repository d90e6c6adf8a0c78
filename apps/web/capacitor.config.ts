import type { CapacitorConfig } from "@capacitor/cli";

/**
 * The native shell around the built web app (`npm run build`, then `npx cap sync`). Native
 * projects are added with `npx cap add android|ios` (see README); the deep-link scheme and the
 * Google client ids are set there and in the web build's env (VITE_GOOGLE_*).
 */
const config: CapacitorConfig = {
  appId: "it.tavolo.app",
  appName: "Tavolo",
  webDir: "dist",
  plugins: {
    // The app is served from https://localhost (Android) or capacitor://localhost (iOS) while the
    // API lives at VITE_API_BASE_URL: native HTTP carries the calls, so the API needs no CORS.
    CapacitorHttp: { enabled: true },
  },
};

export default config;
