import { useCallback, useState } from "react";

export type GeolocationState =
  { status: "off" } | { status: "locating" } | { status: "on"; lat: number; lng: number } | { status: "error" };

/** The browser's position, asked for only when the diner turns it on (never stored or sent elsewhere). */
export function useGeolocation() {
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
