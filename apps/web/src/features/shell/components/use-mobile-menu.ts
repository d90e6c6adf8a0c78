import { useCallback, useEffect, useRef, useState } from "react";
import { useLocation } from "react-router";

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** What Tab may reach while the menu is open: its toggle (which closes it), then the menu itself. */
function focusables(toggle: HTMLElement | null, menu: HTMLElement | null): HTMLElement[] {
  const inside = menu ? [...menu.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.tabIndex >= 0) : [];
  return toggle ? [toggle, ...inside] : inside;
}

/**
 * Open state of the mobile menu. It remembers the location it was opened at, so any route change
 * (a menu link, the back button) closes it without an effect. Escape closes it; page scroll is
 * locked while it is open. Like a dialog, the open menu takes the focus, Tab stays within it and its
 * toggle, and closing it gives the focus back to the toggle (WCAG 2.4.3).
 */
export function useMobileMenu() {
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  const [openAt, setOpenAt] = useState<string | null>(null);
  const open = openAt === here;
  const toggleRef = useRef<HTMLButtonElement>(null);
  const menuElement = useRef<HTMLDivElement | null>(null);
  // The menu is loaded after the first render (header.tsx), so it may arrive after it was opened;
  // it takes the focus then. Only that arrival renders the header again: the menu mounting while
  // closed, right after every page's hydration, does not (decision 066).
  const openNow = useRef(false);
  const [arrivals, setArrivals] = useState(0);
  const menuRef = useCallback((element: HTMLDivElement | null) => {
    menuElement.current = element;
    if (element && openNow.current) setArrivals((count) => count + 1);
  }, []);

  useEffect(() => {
    openNow.current = open;
    const menu = menuElement.current;
    if (!open || !menu) return;
    const { body } = document;
    const previous = body.style.overflow;
    body.style.overflow = "hidden";
    focusables(null, menu)[0]?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") setOpenAt(null);
      if (event.key !== "Tab") return;
      const order = focusables(toggleRef.current, menu);
      if (order.length === 0) return;
      const at = order.indexOf(document.activeElement as HTMLElement);
      const next = event.shiftKey ? (at <= 0 ? order.length - 1 : at - 1) : at === order.length - 1 ? 0 : at + 1;
      event.preventDefault();
      order[next]?.focus();
    };
    document.addEventListener("keydown", onKey);
    const toggle = toggleRef.current;
    return () => {
      body.style.overflow = previous;
      document.removeEventListener("keydown", onKey);
      // Back to the toggle, unless the closing step moved the focus elsewhere (a link's new page).
      const active = document.activeElement;
      if (!active || active === document.body || menu.contains(active)) toggle?.focus();
    };
  }, [open, arrivals]);

  return { open, toggleRef, menuRef, toggle: () => setOpenAt(open ? null : here), close: () => setOpenAt(null) };
}
