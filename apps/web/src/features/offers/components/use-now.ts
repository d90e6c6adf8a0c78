import { useSyncExternalStore } from "react";
import { useServerInstant } from "../../../lib/clock";

/**
 * One shared one-second tick for every countdown on the page: fifty cards re-render together
 * from a single timer instead of fifty.
 */
const listeners = new Set<() => void>();
let timer: ReturnType<typeof setInterval> | undefined;
let now = Date.now();

function subscribe(listener: () => void) {
  listeners.add(listener);
  if (!timer) {
    now = Date.now();
    timer = setInterval(() => {
      now = Date.now();
      for (const notify of listeners) notify();
    }, 1_000);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && timer) {
      clearInterval(timer);
      timer = undefined;
    }
  };
}

/**
 * The current time in milliseconds, updated every second while some component shows it. A server
 * render and its hydration both read the server's render instant; the browser's clock follows.
 */
export function useNow(): number {
  const serverInstant = useServerInstant();
  return useSyncExternalStore(
    subscribe,
    () => now,
    () => serverInstant ?? now,
  );
}
