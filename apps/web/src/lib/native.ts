/**
 * The one module that talks to Capacitor (eslint enforces it). It is only ever loaded through
 * `loadNative()` (lib/native-loader.ts), a dynamic import taken inside the native shell alone, so
 * the web bundle carries neither Capacitor nor its plugins.
 *
 * `createNativeBridge` takes the plugins as their own interfaces, so tests run every path against
 * an in-memory fake of those contracts; the app uses `nativeBridge`, built on the real plugins.
 */
import { Capacitor, type PluginListenerHandle } from "@capacitor/core";
import { App, type AppPlugin, type BackButtonListener, type URLOpenListener } from "@capacitor/app";
import { BiometricAuthError, NativeBiometric, type NativeBiometricPlugin } from "@capgo/capacitor-native-biometric";
import { SocialLogin, type SocialLoginPlugin } from "@capgo/capacitor-social-login";

/** The parts of each plugin the app uses, typed by the plugins' own definitions. */
export interface NativePlugins {
  isNativePlatform: () => boolean;
  app: {
    addListener(eventName: "appUrlOpen", listener: URLOpenListener): Promise<PluginListenerHandle>;
    addListener(eventName: "backButton", listener: BackButtonListener): Promise<PluginListenerHandle>;
    getLaunchUrl: AppPlugin["getLaunchUrl"];
    exitApp: AppPlugin["exitApp"];
  };
  biometric: Pick<
    NativeBiometricPlugin,
    "isAvailable" | "verifyIdentity" | "getCredentials" | "setCredentials" | "deleteCredentials" | "isCredentialsSaved"
  >;
  socialLogin: Pick<SocialLoginPlugin, "initialize" | "login">;
}

/** Texts of the system biometric prompt, in the user's language. */
export interface BiometricPrompt {
  title: string;
  reason: string;
  cancel: string;
}

/** `cancelled`: the user (or the system) dismissed the prompt; `failed`: not recognised, locked out, ... */
export type BiometricOutcome = "verified" | "cancelled" | "failed";

export interface GoogleClientIds {
  /** The server's GOOGLE_CLIENT_ID: Android and iOS ask for ID tokens with this audience. */
  web: string;
  /** iOS only: the app's own OAuth client. */
  ios: string;
}

/** `notConfigured`: the build has no client ids (VITE_GOOGLE_WEB_CLIENT_ID). Other failures reject. */
export type GoogleSignInOutcome =
  { kind: "idToken"; idToken: string } | { kind: "cancelled" } | { kind: "notConfigured" };

const CANCEL_CODES = new Set<string>([
  String(BiometricAuthError.USER_CANCEL),
  String(BiometricAuthError.SYSTEM_CANCEL),
  String(BiometricAuthError.APP_CANCEL),
  String(BiometricAuthError.USER_FALLBACK),
]);

/** Capacitor rejects with an Error whose `code` is the plugin's code as text. */
function codeOf(error: unknown): string | null {
  const code = (error as { code?: unknown } | null)?.code;
  return code === undefined || code === null ? null : String(code);
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

export function createNativeBridge(plugins: NativePlugins) {
  const { app, biometric, socialLogin } = plugins;
  let googleReady: Promise<void> | null = null;
  // URLs already passed on in this run: iOS may report the launch URL both as launch URL and as
  // appUrlOpen, and a one-time token must not be spent twice.
  const seenUrls = new Set<string>();

  const secureStore = {
    /** The value kept under `key` in the Keychain / Android Keystore, or null. */
    async get(key: string): Promise<string | null> {
      try {
        if (!(await biometric.isCredentialsSaved({ server: key })).isSaved) return null;
        return (await biometric.getCredentials({ server: key })).password || null;
      } catch (error) {
        // An unreadable entry (key invalidated by a new fingerprint, say) is as good as none.
        console.warn("secure store read failed", error);
        return null;
      }
    },
    set(key: string, value: string): Promise<void> {
      return biometric.setCredentials({ server: key, username: key, password: value });
    },
    async delete(key: string): Promise<void> {
      try {
        await biometric.deleteCredentials({ server: key });
      } catch (error) {
        // Nothing stored is the outcome we want; anything else is only worth a log line.
        console.warn("secure store delete failed", error);
      }
    },
  };

  return {
    isNative: (): boolean => plugins.isNativePlatform(),

    /** Enrolled biometrics (no passcode fallback: the stored session must need a face or finger). */
    async biometricsAvailable(): Promise<boolean> {
      try {
        return (await biometric.isAvailable({ useFallback: false })).isAvailable;
      } catch {
        return false;
      }
    },

    async verifyBiometrics(prompt: BiometricPrompt): Promise<BiometricOutcome> {
      try {
        await biometric.verifyIdentity({
          title: prompt.title,
          reason: prompt.reason,
          description: prompt.reason,
          negativeButtonText: prompt.cancel,
          useFallback: false,
          maxAttempts: 3,
        });
        return "verified";
      } catch (error) {
        const code = codeOf(error);
        return code !== null && CANCEL_CODES.has(code) ? "cancelled" : "failed";
      }
    },

    secureStore,

    /** Every URL that opens the app: the one it was launched with, then each `appUrlOpen`; each once. */
    async onDeepLink(listener: (url: string) => void): Promise<() => void> {
      const deliver = (url: string | undefined) => {
        if (!url || seenUrls.has(url)) return;
        seenUrls.add(url);
        listener(url);
      };
      const handle = await app.addListener("appUrlOpen", (event) => deliver(event.url));
      try {
        deliver((await app.getLaunchUrl())?.url);
      } catch (error) {
        console.warn("launch URL unavailable", error);
      }
      return () => void handle.remove();
    },

    /** Android's back button walks the web history, and leaves the app from its first page. */
    async handleBackButton(goBack: () => void): Promise<() => void> {
      const handle = await app.addListener("backButton", ({ canGoBack }) => {
        if (canGoBack) goBack();
        else void app.exitApp();
      });
      return () => void handle.remove();
    },

    /** Google's native account picker, for an ID token whose audience is our server. */
    async googleSignIn(clientIds: GoogleClientIds): Promise<GoogleSignInOutcome> {
      if (!clientIds.web) return { kind: "notConfigured" };
      googleReady ??= socialLogin
        .initialize({
          google: {
            webClientId: clientIds.web,
            iOSClientId: clientIds.ios || undefined,
            // Without it iOS issues the token to the iOS client, which our server would refuse.
            iOSServerClientId: clientIds.web,
            mode: "online",
          },
        })
        .catch((error: unknown) => {
          googleReady = null;
          throw error;
        });
      await googleReady;
      try {
        const { result } = await socialLogin.login({
          provider: "google",
          // No `scopes`: the defaults are openid, email and profile, and asking for any on Android
          // needs a modified MainActivity (the plugin refuses otherwise).
          options: { style: "standard", forcePrompt: true },
        });
        if (result.responseType !== "online" || !result.idToken) throw new Error("Google returned no ID token");
        return { kind: "idToken", idToken: result.idToken };
      } catch (error) {
        // Android: "…activity is cancelled by the user."; iOS: "The user canceled the sign-in flow."
        if (/cancel/i.test(messageOf(error))) return { kind: "cancelled" };
        throw error;
      }
    },
  };
}

export type NativeBridge = ReturnType<typeof createNativeBridge>;

export const nativeBridge: NativeBridge = createNativeBridge({
  isNativePlatform: () => Capacitor.isNativePlatform(),
  app: App,
  biometric: NativeBiometric,
  socialLogin: SocialLogin,
});
