import type { NativeBridge } from "./native";

declare global {
  interface Window {
    Capacitor?: { isNativePlatform?: () => boolean };
  }
}

/**
 * The native shell injects `window.Capacitor` (with `isNativePlatform() === true`) before any page
 * script runs. Reading that flag, rather than importing @capacitor/core to ask, keeps a browser from
 * even downloading the native chunk: on the web every native feature is simply absent.
 */
function inNativeShell(): boolean {
  try {
    return globalThis.window?.Capacitor?.isNativePlatform?.() === true;
  } catch {
    return false;
  }
}

let bridge: Promise<NativeBridge | null> | null = null;

/**
 * The bridge to Capacitor inside the native app, else null. An object, so tests can replace `load`
 * with a bridge built on fake plugins.
 */
export const nativeLoader = {
  load(): Promise<NativeBridge | null> {
    if (!inNativeShell()) return Promise.resolve(null);
    bridge ??= import("./native").then(
      (module) => module.nativeBridge,
      (error: unknown) => {
        // A chunk that failed to load (offline on first start) may load on the next try.
        bridge = null;
        console.warn("native bridge failed to load", error);
        return null;
      },
    );
    return bridge;
  },
};
