import { useEffect, useState } from "react";
import { SCROLL_THRESHOLD_PX } from "@tavolo/shared/constants";

/** True once the page is scrolled past the spec's 20 px. */
export function useScrolled(threshold: number = SCROLL_THRESHOLD_PX): boolean {
  const [scrolled, setScrolled] = useState(() => typeof window !== "undefined" && window.scrollY > threshold);
  useEffect(() => {
    const update = () => setScrolled(window.scrollY > threshold);
    update();
    window.addEventListener("scroll", update, { passive: true });
    return () => window.removeEventListener("scroll", update);
  }, [threshold]);
  return scrolled;
}
