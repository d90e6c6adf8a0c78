import { describe, expect, it } from "vitest";
import { matchLanguage } from "./languages";

describe("matchLanguage", () => {
  it("reads a tag or an Accept-Language list", () => {
    expect(matchLanguage("en-GB,en;q=0.9")).toBe("en");
    expect(matchLanguage("de-DE,it;q=0.8,en;q=0.5")).toBe("it");
    expect(matchLanguage("IT")).toBe("it");
  });

  it("answers null when nothing fits", () => {
    expect(matchLanguage("fr-FR,de")).toBeNull();
    expect(matchLanguage(undefined)).toBeNull();
    expect(matchLanguage("")).toBeNull();
  });
});
