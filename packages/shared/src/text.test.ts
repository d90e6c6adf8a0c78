import { describe, expect, it } from "vitest";
import { normalizeSearchKey } from "./text";

describe("normalizeSearchKey", () => {
  it("ignores case, accents, apostrophes and spacing", () => {
    expect(normalizeSearchKey("  Forlì ")).toBe("forli");
    expect(normalizeSearchKey("MILANO")).toBe(normalizeSearchKey("milano"));
    expect(normalizeSearchKey("Reggio nell'Emilia")).toBe("reggio nell emilia");
    expect(normalizeSearchKey("Città di Castello")).toBe("citta di castello");
  });

  it("keeps different cities apart", () => {
    expect(normalizeSearchKey("Roma")).not.toBe(normalizeSearchKey("Rome"));
  });
});
