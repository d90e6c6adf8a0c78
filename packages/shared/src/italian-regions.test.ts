import { describe, expect, it } from "vitest";
import { regionName } from "./italian-regions";

describe("regionName", () => {
  it("gives English names in English and keeps the Italian ones in Italian", () => {
    expect(regionName("Lombardia", "en")).toBe("Lombardy");
    expect(regionName("Puglia", "en")).toBe("Apulia");
    expect(regionName("Toscana", "en")).toBe("Tuscany");
    expect(regionName("Lombardia", "it")).toBe("Lombardia");
  });

  it("keeps a region it does not know as stored", () => {
    expect(regionName("Baviera", "en")).toBe("Baviera");
  });
});
