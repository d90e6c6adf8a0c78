import { useEffect, useState, type RefObject } from "react";

/**
 * Whether an element has come within `margin` of the viewport; it stays true from then on. For work
 * a reader only needs when they get there: e.g. a search card's next free time, one request per card,
 * thirteen of them right after a search page hydrated although a phone shows one or two cards
 * (decision 031). Without IntersectionObserver (jsdom in tests, the server) it is true at once.
 */
export function useNearViewport(ref: RefObject<Element | null>, margin = "600px"): boolean {
  const [near, setNear] = useState(() => typeof IntersectionObserver === "undefined");
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        setNear(true);
      },
      { rootMargin: margin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, margin, near]);
  return near;
}
