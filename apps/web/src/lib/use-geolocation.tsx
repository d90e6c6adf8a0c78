import { createContext, useCallback, useContext, useState, type ReactNode } from "react";

export type GeolocationState =
  { status: "off" } | { status: "locating" } | { status: "on"; lat: number; lng: number } | { status: "error" };

export interface Geolocation {
  state: GeolocationState;
  start: () => void;
  stop: () => void;
}

/** The browser's position, asked for only when the diner turns it on (never stored or sent elsewhere). */
function useOwnGeolocation(): Geolocation {
  const [state, setState] = useState<GeolocationState>({ status: "off" });

  const start = useCallback(() => {
    if (!("geolocation" in navigator)) {
      setState({ status: "error" });
      return;
    }
    setState({ status: "locating" });
    navigator.geolocation.getCurrentPosition(
      (position) => setState({ status: "on", lat: position.coords.latitude, lng: position.coords.longitude }),
      // Denied, unavailable or too slow: the diner is told and can search by city.
      () => setState({ status: "error" }),
      { enableHighAccuracy: false, timeout: 10_000, maximumAge: 5 * 60_000 },
    );
  }, []);

  const stop = useCallback(() => setState({ status: "off" }), []);
  return { state, start, stop };
}

const SharedGeolocation = createContext<Geolocation | null>(null);

/**
 * One position for a whole page: /search's offers block turns it on, and its restaurant list then
 * shows the restaurants around it too.
 */
export function GeolocationProvider({ children }: { children: ReactNode }) {
  return <SharedGeolocation.Provider value={useOwnGeolocation()}>{children}</SharedGeolocation.Provider>;
}

/** The page's shared position inside a GeolocationProvider, else one of this component's own. */
export function useGeolocation(): Geolocation {
  const shared = useContext(SharedGeolocation);
  const own = useOwnGeolocation();
  return shared ?? own;
}
