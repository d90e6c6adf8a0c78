import { describe, expect, it, vi } from "vitest";
import i18n from "./i18n";

describe("the detected language", () => {
  it.each([
    ["en-US", "en"],
    ["it-IT", "it"],
    ["en-GB", "en"],
  ])("from a browser in %s is stored as the bare %s (SPEC §3)", async (browserLanguage, stored) => {
    // A first visit: no choice stored, neither in localStorage nor in the cookie the server reads.
    localStorage.clear();
    document.cookie = "i18nextLng=; max-age=0; path=/";
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

describe("the language cookie (read by the server render, decision 027)", () => {
  it("follows every change of language, as localStorage does", async () => {
    await i18n.changeLanguage("en");
    expect(document.cookie).toContain("i18nextLng=en");
    await i18n.changeLanguage("it");
    expect(document.cookie).toContain("i18nextLng=it");
    expect(localStorage.getItem("i18nextLng")).toBe("it");
  });
});

describe("place names in Italian sentences", () => {
  it("say 'ad' before a vowel, capitalised at the start of a sentence, and leave English alone", async () => {
    await i18n.changeLanguage("it");
    expect(i18n.t("offers.inCity", { city: "Ancona" })).toBe("Ad Ancona");
    expect(i18n.t("offers.inCity", { city: "Milano" })).toBe("A Milano");
    expect(i18n.t("offers.notifyMe", { city: "Ancona" })).toBe("Avvisami per nuove offerte ad Ancona");
    await i18n.changeLanguage("en");
    expect(i18n.t("offers.notifyMe", { city: "Ancona" })).toMatch(/Ancona$/);
  });
});
