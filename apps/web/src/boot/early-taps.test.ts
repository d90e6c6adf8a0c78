import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { holdEarlyTaps } from "./early-taps";

afterEach(() => document.body.replaceChildren());

function button(type: "button" | "submit", taps: string[], name: string): HTMLButtonElement {
  const element = document.createElement("button");
  element.type = type;
  element.textContent = name;
  element.addEventListener("click", () => taps.push(name));
  return element;
}

describe("holdEarlyTaps", () => {
  it("holds taps on buttons until released, then taps them again in order", () => {
    const taps: string[] = [];
    const menu = button("button", taps, "menu");
    const position = button("button", taps, "position");
    const icon = document.createElement("span");
    position.append(icon);
    document.body.append(menu, position);

    const { release } = holdEarlyTaps();
    menu.click();
    icon.click(); // a tap on the button's icon is a tap on the button
    menu.click();
    expect(taps).toEqual([]);

    release();
    expect(taps).toEqual(["menu", "position", "menu"]);
    // Released: taps reach the buttons at once, and nothing is replayed twice.
    position.click();
    release();
    expect(taps).toEqual(["menu", "position", "menu", "position"]);
  });

  it("lets a submit button send its form, and forgets a button the page no longer has", () => {
    const taps: string[] = [];
    const form = document.createElement("form");
    form.setAttribute("action", "/search");
    const submit = button("submit", taps, "search");
    form.append(submit);
    form.addEventListener("submit", (event) => event.preventDefault());
    const gone = button("button", taps, "gone");
    document.body.append(form, gone);

    const { release } = holdEarlyTaps();
    submit.click();
    expect(taps).toEqual(["search"]);
    gone.click();
    gone.remove();
    release();
    expect(taps).toEqual(["search"]);
  });

  it("holds the submit button of a form that only the app can send (booking), then taps it again", () => {
    const taps: string[] = [];
    const form = document.createElement("form");
    const book = button("submit", taps, "book");
    form.append(book);
    let sent = 0;
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      sent += 1;
    });
    document.body.append(form);

    const { release } = holdEarlyTaps();
    book.click();
    expect(taps).toEqual([]);
    expect(sent).toBe(0);
    release();
    expect(taps).toEqual(["book"]);
    expect(sent).toBe(1);
  });
});

describe("holdEarlyTaps: links into the app (decision 080)", () => {
  /** Links the browser would have followed: recorded, and kept from navigating jsdom. */
  let hrefs: string[] = [];
  const record = (event: Event) => {
    const link = (event.target as Element).closest("a");
    if (link && !event.defaultPrevented) hrefs.push(link.getAttribute("href")!);
    event.preventDefault();
  };
  beforeEach(() => {
    hrefs = [];
    document.addEventListener("click", record);
  });
  afterEach(() => document.removeEventListener("click", record));

  function link(href: string, attributes: Record<string, string> = {}): HTMLAnchorElement {
    const element = document.createElement("a");
    element.href = href;
    element.textContent = href;
    for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
    document.body.append(element);
    return element;
  }

  it("holds a tap on a link to a page only the app draws, the last one tapped, until the app takes it", () => {
    const chip = link("/reservation/r1?date=2026-12-01&time=20%3A00&people=2");
    const signIn = link("/login?next=%2Freservation%2Fr1");
    const early = holdEarlyTaps();

    chip.click();
    expect(hrefs).toEqual([]);
    expect(chip.getAttribute("aria-busy")).toBe("true");
    expect(early.tappedLink()).toBe("/reservation/r1?date=2026-12-01&time=20%3A00&people=2");
    signIn.click();
    expect(chip.hasAttribute("aria-busy")).toBe(false);
    expect(early.tappedLink()).toBe("/login?next=%2Freservation%2Fr1");

    expect(early.takeLink()).toBe("/login?next=%2Freservation%2Fr1");
    expect(signIn.hasAttribute("aria-busy")).toBe(false);
    // Taken once: from now on the app (or the browser) follows links.
    expect(early.takeLink()).toBeNull();
    expect(early.tappedLink()).toBeNull();
    chip.click();
    expect(hrefs).toEqual(["/reservation/r1?date=2026-12-01&time=20%3A00&people=2"]);
    early.release();
  });

  it("leaves to the browser server-rendered pages, other sites, new tabs and downloads", () => {
    const early = holdEarlyTaps();
    link("/restaurants/r1").click();
    link("/search?location=milano").click();
    link("https://example.org/reservation/r1").click();
    link("/reservation/r1", { target: "_blank" }).click();
    link("/history", { download: "" }).click();
    link("/not-a-page").click();
    link("/reservation/r1").dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true, ctrlKey: true }));
    expect(hrefs).toEqual([
      "/restaurants/r1",
      "/search?location=milano",
      "https://example.org/reservation/r1",
      "/reservation/r1",
      "/history",
      "/not-a-page",
      "/reservation/r1",
    ]);
    expect(early.takeLink()).toBeNull();
    early.release();
  });

  it("stops holding links when the page hydrates, while taps on buttons wait for the release", () => {
    const taps: string[] = [];
    const menu = button("button", taps, "menu");
    document.body.append(menu);
    const history = link("/history");
    const early = holdEarlyTaps();

    expect(early.takeLink()).toBeNull();
    history.click();
    menu.click();
    expect(hrefs).toEqual(["/history"]);
    expect(taps).toEqual([]);
    early.release();
    expect(taps).toEqual(["menu"]);
  });
});
