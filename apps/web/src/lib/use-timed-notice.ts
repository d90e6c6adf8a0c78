import { useCallback, useEffect, useState } from "react";

/**
 * A notice that goes away by itself after `ms` (SPEC §9: notices vanish after 3 to 5 s). Showing
 * one again, even the same text, starts the time over; `set(null)` hides it at once.
 */
export function useTimedNotice<T>(ms: number): [T | null, (value: T | null) => void] {
  // Wrapped, so the same value shown twice is a new state and restarts the timer.
  const [shown, setShown] = useState<{ value: T } | null>(null);
  useEffect(() => {
    if (!shown) return;
    const timer = setTimeout(() => setShown(null), ms);
    return () => clearTimeout(timer);
  }, [shown, ms]);
  const set = useCallback((value: T | null) => setShown(value === null ? null : { value }), []);
  return [shown ? shown.value : null, set];
}
