import { describe, expect, it } from "vitest";
import { escapeHtml } from "./html";

describe("escapeHtml", () => {
  it("escapes the five characters HTML gives a meaning, ampersand first so none is escaped twice", () => {
    expect(escapeHtml(`<a href="x?a=1&b='2'">Tom & Jerry's</a>`)).toBe(
      "&lt;a href=&quot;x?a=1&amp;b=&#39;2&#39;&quot;&gt;Tom &amp; Jerry&#39;s&lt;/a&gt;",
    );
    expect(escapeHtml("&lt;")).toBe("&amp;lt;");
  });

  it("leaves every other character as it is, accents and emoji included", () => {
    const text = "Trattoria Già Là · 4,5 ★ — 🍝\n\tl’osteria";
    expect(escapeHtml(text)).toBe(text);
  });

  it("keeps an attribute value inside its quotes, single or double", () => {
    const attribute = `" onmouseover='alert(1)`;
    expect(`<p title="${escapeHtml(attribute)}">`).not.toMatch(/title="[^"]*"[^>]/);
    expect(`<p title='${escapeHtml(attribute)}'>`).not.toMatch(/title='[^']*'[^>]/);
  });
});
