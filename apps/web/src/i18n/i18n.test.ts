import { describe, expect, it, vi } from "vitest";
import i18n from "./i18n";

describe("the detected language", () => {
  it.each([
    ["en-US", "en"],
    ["it-IT", "it"],
    ["en-GB", "en"],
  ])("from a browser in %s is stored as the bare %s (SPEC §3)", async (browserLanguage, stored) => {
    localStorage.clear();
    vi.spyOn(navigator, "languages", "get").mockReturnValue([browserLanguage]);
    vi.spyOn(navigator, "language", "get").mockReturnValue(browserLanguage);
    // No argument: i18next detects again, as on a first visit.
    await i18n.changeLanguage();
    expect(localStorage.getItem("i18nextLng")).toBe(stored);
    expect(i18n.resolvedLanguage).toBe(stored);
  });

  it("keeps an old stored 'en-US' working and rewrites it bare", async () => {
    localStorage.setItem("i18nextLng", "en-US");
    await i18n.changeLanguage();
    expect(localStorage.getItem("i18nextLng")).toBe("en");
  });
});
