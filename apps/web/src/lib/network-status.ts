import { useSyncExternalStore } from "react";
import { ApiError } from "./api-client";

/**
 * Whether the app believes it is offline: the browser says so, or a page's code could not be
 * fetched (a flaky network the browser still calls online). Cleared by the browser's `online`
 * event or the next successful fetch of a page's code. Decision 039.
 */
let troubled = false;
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const back = () => {
    troubled = false;
    notify();
  };
  window.addEventListener("online", back);
  window.addEventListener("offline", notify);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("online", back);
    window.removeEventListener("offline", notify);
  };
}

const snapshot = () => troubled || (typeof navigator !== "undefined" && navigator.onLine === false);

export function useOffline(): boolean {
  return useSyncExternalStore(subscribe, snapshot, () => false);
}

function setTroubled(value: boolean): void {
  if (troubled === value) return;
  troubled = value;
  notify();
}

/** Resolves when the browser reports the network back, or after `ms` (the browser may not tell). */
function networkBack(ms: number): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      window.removeEventListener("online", done);
      clearTimeout(timer);
      resolve();
    };
    const timer = setTimeout(done, ms);
    window.addEventListener("online", done);
  });
}

const RETRY_EVERY_MS = 5_000;

/** What the network did, not the server: no answer at all (a module or an API call). */
function isNetworkFailure(error: unknown): boolean {
  if (!navigator.onLine) return true;
  // A module the browser could not fetch is a TypeError ("Failed to fetch dynamically imported module").
  if (error instanceof TypeError) return true;
  return error instanceof ApiError && (error.code === "network" || error.code === "timeout");
}

/**
 * A page's code or data, fetched again while the network is down: the navigation stays pending,
 * so the screen the diner was on stays (with the shell's notice) until the new one can show. Any
 * other failure (a 404, a server error) is the route's to show at once; online and failing three
 * times (a deploy removed the file), it gives up too.
 */
export async function loadWhenOnline<T>(load: () => Promise<T>, options: { needsNetwork?: boolean } = {}): Promise<T> {
  let onlineFailures = 0;
  for (;;) {
    // What fetches nothing itself (a browser loader: its page asks once shown) would succeed offline
    // and show an empty page under its new title: it waits for the network as a fetch would.
    if (options.needsNetwork && !navigator.onLine) {
      setTroubled(true);
      await networkBack(RETRY_EVERY_MS);
      continue;
    }
    try {
      const loaded = await load();
      setTroubled(false);
      return loaded;
    } catch (error) {
      if (!isNetworkFailure(error)) throw error;
      if (navigator.onLine) onlineFailures += 1;
      if (onlineFailures >= 3) throw error;
      setTroubled(true);
      await networkBack(navigator.onLine ? 1_000 : RETRY_EVERY_MS);
    }
  }
}
