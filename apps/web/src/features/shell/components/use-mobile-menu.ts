import { useEffect, useState } from "react";
import { useLocation } from "react-router";

/**
 * Open state of the mobile menu. It remembers the location it was opened at, so any route change
 * (a menu link, the back button) closes it without an effect. Escape closes it; page scroll is
 * locked while it is open.
 */
export function useMobileMenu() {
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  const [openAt, setOpenAt] = useState<string | null>(null);
  const open = openAt === here;

  useEffect(() => {
    if (!open) return;
    const { body } = document;
    const previous = body.style.overflow;
    body.style.overflow = "hidden";
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") setOpenAt(null);
    };
    document.addEventListener("keydown", onKey);
    return () => {
      body.style.overflow = previous;
      document.removeEventListener("keydown", onKey);
    };
  }, [open]);

  return { open, toggle: () => setOpenAt(open ? null : here), close: () => setOpenAt(null) };
}
