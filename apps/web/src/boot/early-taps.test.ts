import { afterEach, describe, expect, it } from "vitest";
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

    const release = holdEarlyTaps();
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

    const release = holdEarlyTaps();
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

    const release = holdEarlyTaps();
    book.click();
    expect(taps).toEqual([]);
    expect(sent).toBe(0);
    release();
    expect(taps).toEqual(["book"]);
    expect(sent).toBe(1);
  });
});
