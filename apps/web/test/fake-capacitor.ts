import type { PluginListenerHandle } from "@capacitor/core";
import type { AppLaunchUrl, BackButtonListenerEvent, URLOpenListenerEvent } from "@capacitor/app";
import {
  AuthenticationStrength,
  BiometricAuthError,
  BiometryType,
  type AvailableResult,
  type BiometricOptions,
  type Credentials,
} from "@capgo/capacitor-native-biometric";
import type { GoogleLoginResponse, InitializeOptions, LoginOptions } from "@capgo/capacitor-social-login";
import { createNativeBridge, type NativePlugins } from "../src/lib/native";

/** The plugin's error codes, for tests to script the prompt's answers. */
export { BiometricAuthError };

/**
 * In-memory stand-ins for the Capacitor plugins, following the plugins' own contracts (their
 * TypeScript definitions and documented behaviour): rejections carry the plugin's error code as a
 * string in `code`, as Capacitor's bridge does; getCredentials rejects when nothing is stored.
 */

/** What Capacitor rejects a plugin call with. */
export class PluginCallError extends Error {
  constructor(
    message: string,
    readonly code?: string,
  ) {
    super(message);
  }
}

type VerifyAnswer = "verified" | BiometricAuthError;
type BiometricContract = NativePlugins["biometric"];
type AppContract = NativePlugins["app"];

export class FakeBiometric implements BiometricContract {
  available = true;
  /** Answers to the next verifyIdentity calls, in order; then "verified". */
  answers: VerifyAnswer[] = [];
  prompts: BiometricOptions[] = [];
  readonly store = new Map<string, Credentials>();
  /** Makes getCredentials fail (a key invalidated by a newly enrolled finger). */
  unreadable = false;

  isAvailable(): Promise<AvailableResult> {
    return Promise.resolve({
      isAvailable: this.available,
      authenticationStrength: this.available ? AuthenticationStrength.STRONG : AuthenticationStrength.NONE,
      biometryType: this.available ? BiometryType.FINGERPRINT : BiometryType.NONE,
      deviceIsSecure: true,
      strongBiometryIsAvailable: this.available,
      ...(this.available ? {} : { errorCode: BiometricAuthError.BIOMETRICS_NOT_ENROLLED }),
    });
  }

  verifyIdentity(options?: BiometricOptions): Promise<void> {
    this.prompts.push(options ?? {});
    if (!this.available) return Promise.reject(new PluginCallError("Authentication not available"));
    const answer = this.answers.shift() ?? "verified";
    if (answer === "verified") return Promise.resolve();
    return Promise.reject(new PluginCallError("Authentication failed", String(answer)));
  }

  getCredentials({ server }: { server: string }): Promise<Credentials> {
    const saved = this.store.get(server);
    if (this.unreadable) return Promise.reject(new PluginCallError("Key permanently invalidated"));
    return saved ? Promise.resolve({ ...saved }) : Promise.reject(new PluginCallError("No credentials found"));
  }

  setCredentials({ server, username, password }: { server: string; username: string; password: string }) {
    this.store.set(server, { username, password });
    return Promise.resolve();
  }

  deleteCredentials({ server }: { server: string }) {
    this.store.delete(server);
    return Promise.resolve();
  }

  isCredentialsSaved({ server }: { server: string }) {
    return Promise.resolve({ isSaved: this.store.has(server) });
  }
}

type AppEvent = "appUrlOpen" | "backButton";

export class FakeApp implements AppContract {
  launchUrl: string | undefined;
  exits = 0;
  private readonly listeners = new Map<AppEvent, Set<(event: never) => void>>();

  addListener(eventName: "appUrlOpen", listener: (event: URLOpenListenerEvent) => void): Promise<PluginListenerHandle>;
  addListener(
    eventName: "backButton",
    listener: (event: BackButtonListenerEvent) => void,
  ): Promise<PluginListenerHandle>;
  addListener(eventName: AppEvent, listener: (event: never) => void): Promise<PluginListenerHandle> {
    const set = this.listeners.get(eventName) ?? new Set();
    set.add(listener);
    this.listeners.set(eventName, set);
    return Promise.resolve({ remove: () => Promise.resolve(void set.delete(listener)) });
  }

  listenerCount(eventName: AppEvent): number {
    return this.listeners.get(eventName)?.size ?? 0;
  }

  /** The OS opening the app with a URL, or pressing Android's back button. */
  emit(eventName: "appUrlOpen", event: URLOpenListenerEvent): void;
  emit(eventName: "backButton", event: BackButtonListenerEvent): void;
  emit(eventName: AppEvent, event: unknown): void {
    for (const listener of this.listeners.get(eventName) ?? []) (listener as (value: unknown) => void)(event);
  }

  getLaunchUrl(): Promise<AppLaunchUrl | undefined> {
    return Promise.resolve(this.launchUrl ? { url: this.launchUrl } : undefined);
  }

  exitApp(): Promise<void> {
    this.exits += 1;
    return Promise.resolve();
  }
}

export class FakeSocialLogin {
  initialized: InitializeOptions[] = [];
  logins: LoginOptions[] = [];
  /** The next login's answer: a response, or an error to reject with. */
  next: GoogleLoginResponse | Error = {
    responseType: "online",
    idToken: "google-id-token",
    accessToken: null,
    profile: { email: null, familyName: null, givenName: null, id: null, name: null, imageUrl: null },
  };
  failInitialize: Error | null = null;

  initialize(options: InitializeOptions): Promise<void> {
    this.initialized.push(options);
    return this.failInitialize ? Promise.reject(this.failInitialize) : Promise.resolve();
  }

  login(options: LoginOptions) {
    this.logins.push(options);
    const next = this.next;
    if (next instanceof Error) return Promise.reject(next);
    return Promise.resolve({ provider: "google" as const, result: next });
  }
}

export function fakeNative({ native = true }: { native?: boolean } = {}) {
  const plugins = { app: new FakeApp(), biometric: new FakeBiometric(), socialLogin: new FakeSocialLogin() };
  const bridge = createNativeBridge({
    isNativePlatform: () => native,
    app: plugins.app,
    biometric: plugins.biometric,
    socialLogin: plugins.socialLogin as unknown as NativePlugins["socialLogin"],
  });
  return { ...plugins, bridge };
}
