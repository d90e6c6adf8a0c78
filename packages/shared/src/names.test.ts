import { describe, expect, it } from "vitest";
import { NAME_MAX_LENGTH } from "./constants";
import { derivedDisplayName } from "./names";

const name = (length: number, unit = "a") => unit.repeat(length);

describe("the display name derived from first and last name", () => {
  it("is the full name when it fits", () => {
    expect(derivedDisplayName("Giulia", "Bianchi")).toBe("Giulia Bianchi");
    expect(derivedDisplayName("Giulia", "")).toBe("Giulia");
    expect(derivedDisplayName(name(30), name(29))).toHaveLength(NAME_MAX_LENGTH);
  });

  it("keeps the first name and the last name's initial when both names together are too long", () => {
    const first = "Maria Antonietta Giuseppina Carolina";
    const last = "Della Rovere di Montefeltro Sforza";
    expect(derivedDisplayName(first, last)).toBe(`${first} D.`);
    expect(derivedDisplayName(name(57), "Rossi")).toBe(`${name(57)} R.`);
  });

  it("is the first name, cut at a whole character, when even that is too long", () => {
    expect(derivedDisplayName(name(60), name(60))).toBe(name(60));
    expect(derivedDisplayName(name(58), "Zeta")).toBe(name(58));
    // 30 emoji of two UTF-16 units each: a cut never leaves half of one.
    const emoji = derivedDisplayName(name(31, "😀"), "Rossi");
    expect(emoji).toBe(name(30, "😀"));
    expect(derivedDisplayName("Lucà", name(60, "è"))).toBe("Lucà è.");
  });

  it("always fits, for every pair of names of allowed length", () => {
    for (const first of [1, 29, 30, 31, 57, 58, 59, 60]) {
      for (const last of [0, 1, 29, 30, 31, 59, 60]) {
        for (const unit of ["a", "è", "👩‍👩‍👧"]) {
          const shown = derivedDisplayName(name(first, unit).slice(0, 60), name(last, unit).slice(0, 60));
          expect(shown.length, `${first}+${last} ${unit}`).toBeLessThanOrEqual(NAME_MAX_LENGTH);
          expect(shown.length).toBeGreaterThan(0);
        }
      }
    }
  });
});
