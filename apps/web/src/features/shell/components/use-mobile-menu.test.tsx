import { describe, expect, it } from "vitest";
import { act, renderHook } from "@testing-library/react";
import type { ReactNode } from "react";
import { MemoryRouter } from "react-router";
import { useMobileMenu } from "./use-mobile-menu";

/** The hook in the header's place, counting the header's renders. */
function renderMenuState() {
  let renders = 0;
  const wrapper = ({ children }: { children: ReactNode }) => <MemoryRouter>{children}</MemoryRouter>;
  const view = renderHook(
    () => {
      renders += 1;
      return useMobileMenu();
    },
    { wrapper },
  );
  return { ...view, renders: () => renders };
}

function menuElement(): HTMLDivElement {
  const menu = document.createElement("div");
  const link = document.createElement("a");
  link.href = "/search";
  link.textContent = "Trova ristoranti";
  menu.append(link);
  document.body.append(menu);
  return menu;
}

describe("useMobileMenu: the phone menu arriving after the first render", () => {
  it("does not render the header again when the menu arrives closed, as it does on every page", () => {
    const { result, renders } = renderMenuState();
    const before = renders();
    act(() => result.current.menuRef(menuElement()));
    // Right after a page's hydration: a second render of the whole header there was a long task.
    expect(renders()).toBe(before);
  });

  it("gives the focus to a menu that arrives after it was opened", () => {
    const { result } = renderMenuState();
    act(() => result.current.toggle());
    expect(result.current.open).toBe(true);
    const menu = menuElement();
    act(() => result.current.menuRef(menu));
    expect(document.activeElement).toBe(menu.querySelector("a"));
    act(() => result.current.close());
    menu.remove();
  });
});
