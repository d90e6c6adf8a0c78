import { createContext, useContext, useState } from "react";

/**
 * The instant a server-rendered page was rendered at (decision 027). "Now" decides what a page
 * shows (a countdown, today's hours, today's tables), so the browser must hydrate with the very
 * instant the server used, or the two renders differ. Each composition root provides its own clock
 * (decision 058): the server one per request, the browser one from the hydration data, whose
 * `instant` it clears once the first render has hydrated; from then on components read the real
 * clock. A mutable holder, not React state: clearing it re-renders nothing.
 */
export interface RenderClock {
  instant: number | null;
}

export const RenderClockContext = createContext<RenderClock | null>(null);

/** The render instant while rendering on the server or hydrating its HTML, else null. */
export function useServerInstant(): number | null {
  return useContext(RenderClockContext)?.instant ?? null;
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
