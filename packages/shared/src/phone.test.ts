import { describe, expect, it } from "vitest";
import { PARSED_PHONE_PREFIXES } from "./constants";
import { formatPhoneNumber, isPhoneDigits, joinPhoneNumber, PHONE_COUNTRIES, splitPhoneNumber } from "./phone";

describe("phone prefixes", () => {
  it("lists 44 distinct countries, Italy (+39) first", () => {
    expect(PHONE_COUNTRIES).toHaveLength(44);
    expect(new Set(PHONE_COUNTRIES.map((country) => country.region)).size).toBe(44);
    expect(PHONE_COUNTRIES[0]).toEqual({ region: "IT", prefix: "+39" });
    for (const prefix of PARSED_PHONE_PREFIXES) {
      expect(PHONE_COUNTRIES.some((country) => country.prefix === prefix)).toBe(true);
    }
  });

  it("splits a stored number only for +39, +1, +44, +33 and +49", () => {
    expect(splitPhoneNumber("+393331234567")).toEqual({ region: "IT", national: "3331234567" });
    expect(splitPhoneNumber("+12025550123")).toEqual({ region: "US", national: "2025550123" });
    expect(splitPhoneNumber("+447700900123")).toEqual({ region: "GB", national: "7700900123" });
    expect(splitPhoneNumber("+33612345678")).toEqual({ region: "FR", national: "612345678" });
    expect(splitPhoneNumber("+4915112345678")).toEqual({ region: "DE", national: "15112345678" });
    // Any other prefix stays whole, under the default.
    expect(splitPhoneNumber("+41791234567")).toEqual({ region: "IT", national: "+41791234567" });
    expect(splitPhoneNumber(null)).toEqual({ region: "IT", national: "" });
  });

  it("joins the picker and the field, and a number typed with + keeps its own prefix", () => {
    expect(joinPhoneNumber("IT", "333 123 4567")).toBe("+393331234567");
    expect(joinPhoneNumber("CH", "79-123.45(67)")).toBe("+41791234567");
    expect(joinPhoneNumber("IT", "+41791234567")).toBe("+41791234567");
    expect(joinPhoneNumber("IT", "  ")).toBe("");
    // Round trip for each parsed prefix.
    for (const stored of ["+393331234567", "+12025550123", "+447700900123"]) {
      const { region, national } = splitPhoneNumber(stored);
      expect(joinPhoneNumber(region, national)).toBe(stored);
    }
  });
});

describe("isPhoneDigits", () => {
  it("accepts digits with the usual formatting and one leading +, and refuses letters", () => {
    expect(isPhoneDigits("333 123 4567")).toBe(true);
    expect(isPhoneDigits("(02) 8088-1234")).toBe(true);
    expect(isPhoneDigits("+41 79 123 45 67")).toBe(true);
    expect(isPhoneDigits("333abc4567")).toBe(false);
    expect(isPhoneDigits("333 12O 4567")).toBe(false);
    expect(isPhoneDigits("33+31234567")).toBe(false);
  });
});

describe("formatPhoneNumber", () => {
  it("writes a number in readable groups, prefix apart, without wrapping", () => {
    expect(formatPhoneNumber("+393331234567")).toBe("+39\u00a0333\u00a0123\u00a04567");
    expect(formatPhoneNumber("+44 7911 123456")).toBe("+44\u00a0791\u00a0112\u00a03456");
    expect(formatPhoneNumber("+81312345678")).toBe("+81312345678");
  });
});
