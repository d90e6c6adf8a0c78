import { useEffect, useState, type RefObject } from "react";

/** The row's own padding (room for focus rings) and snapping: hiding less than this is not "more". */
const EDGE_SLACK_PX = 8;

export interface OverflowEdges {
  /** Content hidden before the start (scrolled) and after the end (more to scroll to). */
  start: boolean;
  end: boolean;
}

/**
 * Which sides of a horizontally scrolling row hide content, kept up to date on scroll and resize:
 * the row fades those sides, so chips cut at the screen's edge read as "there is more".
 */
export function useOverflowEdges(ref: RefObject<HTMLElement | null>, enabled: boolean): OverflowEdges {
  const [edges, setEdges] = useState<OverflowEdges>({ start: false, end: false });
  useEffect(() => {
    const row = ref.current;
    if (!enabled || !row) return;
    const update = () => {
      const start = row.scrollLeft > EDGE_SLACK_PX;
      const end = row.scrollLeft + row.clientWidth < row.scrollWidth - EDGE_SLACK_PX;
      setEdges((previous) => (previous.start === start && previous.end === end ? previous : { start, end }));
    };
    update();
    row.addEventListener("scroll", update, { passive: true });
    const resize = typeof ResizeObserver === "undefined" ? null : new ResizeObserver(update);
    resize?.observe(row);
    return () => {
      row.removeEventListener("scroll", update);
      resize?.disconnect();
    };
  }, [ref, enabled]);
  return edges;
}
