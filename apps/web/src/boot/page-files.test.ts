import { afterEach, describe, expect, it } from "vitest";
import { PAGE_FILES_ID } from "@tavolo/shared/rendered-page";
import { fetchPageFiles } from "./page-files";

afterEach(() => {
  document.head.replaceChildren();
  document.body.replaceChildren();
});

describe("fetchPageFiles (decision 067)", () => {
  it("puts the page's listed modules to work in the head, once", () => {
    const files = document.createElement("template");
    files.id = PAGE_FILES_ID;
    files.innerHTML =
      '<link rel="modulepreload" crossorigin href="/assets/restaurant-1.js">' +
      '<link rel="modulepreload" crossorigin href="/assets/it-1.js">';
    document.body.append(files);
    // Inert until then: a template's links fetch nothing.
    expect(document.querySelectorAll('link[rel="modulepreload"]')).toHaveLength(0);

    fetchPageFiles();
    fetchPageFiles();
    const links = [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')];
    expect(links.map((link) => link.getAttribute("href"))).toEqual(["/assets/restaurant-1.js", "/assets/it-1.js"]);
  });

  it("does nothing on a page without the list (the app's shell)", () => {
    fetchPageFiles();
    expect(document.head.children).toHaveLength(0);
  });
});
