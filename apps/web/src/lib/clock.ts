import { createContext, useContext, useState } from "react";

/**
 * The instant a server-rendered page was rendered at (decision 027). "Now" decides what a page
 * shows (a countdown, today's hours, today's tables), so the browser must hydrate with the very
 * instant the server used, or the two renders differ. On the server each request provides its own
 * through this context; in the browser `seedClock` sets it from the hydration data until the first
 * render has hydrated (`releaseClock`), after which components read the real clock again.
 */
export const RenderClockContext = createContext<number | null>(null);

let seeded: number | null = null;

export function seedClock(instant: number): void {
  seeded = instant;
}

export function releaseClock(): void {
  seeded = null;
}

/** The render instant while rendering on the server or hydrating its HTML, else null. */
export function useServerInstant(): number | null {
  return useContext(RenderClockContext) ?? seeded;
}

/**
 * "Now" for what a component shows for its whole life (which day is today): fixed when it mounts,
 * to the server's render instant when it is part of a server-rendered page.
 */
export function useMountInstant(): Date {
  const serverInstant = useServerInstant();
  const [instant] = useState(() => serverInstant ?? Date.now());
  return new Date(instant);
}
