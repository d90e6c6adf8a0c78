import { describe, expect, it } from "vitest";
import { pageChangesAt } from "./page-changes-at";

const at = (iso: string) => Date.parse(iso);
const MINUTE = 60_000;

describe("pageChangesAt", () => {
  it("is the next quarter hour when nothing on the page changes sooner", () => {
    expect(pageChangesAt([], at("2026-11-25T19:07:30Z"))).toBe(at("2026-11-25T19:15:00Z"));
    // On a boundary, the next one: a page rendered at 19:15 still changes at 19:30.
    expect(pageChangesAt([{ restaurants: [] }], at("2026-11-25T19:15:00Z"))).toBe(at("2026-11-25T19:30:00Z"));
  });

  it("is when an offer shown anywhere in the page's answers turns closing-soon or closes", () => {
    const now = at("2026-11-25T19:07:00Z");
    const offers = {
      offers: [
        { id: "a", expiresAt: "2026-11-25T19:40:00Z" },
        { id: "b", expiresAt: "2026-11-25T21:00:00Z" },
      ],
    };
    // a turns "closing soon" 30 minutes before it closes: 19:10.
    expect(pageChangesAt([{ page: 1 }, offers], now)).toBe(at("2026-11-25T19:10:00Z"));
    // Already closing soon: when it closes.
    expect(pageChangesAt([offers], now + 5 * MINUTE)).toBe(at("2026-11-25T19:15:00Z"));
    expect(pageChangesAt([{ offer: { expiresAt: "2026-11-25T19:12:00Z" } }], now - 30 * MINUTE)).toBe(
      at("2026-11-25T18:42:00Z"),
    );
  });

  it("ignores deadlines already past and values that are not instants", () => {
    const now = at("2026-11-25T19:07:00Z");
    expect(pageChangesAt([{ expiresAt: "2026-11-25T18:00:00Z" }, { expiresAt: "soon" }, null, "x"], now)).toBe(
      at("2026-11-25T19:15:00Z"),
    );
  });
});
