import { describe, expect, it } from "vitest";
import { ITALIAN_CITIES } from "./italian-cities";
import { city, haversineKm } from "./test-helpers";

/** What the app does to what a diner types: lowercase, accents stripped. */
function normalize(text: string): string {
  return text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
}

describe("ITALIAN_CITIES", () => {
  it("has 100 cities with unique, URL-safe slugs, sorted by population", () => {
    expect(ITALIAN_CITIES).toHaveLength(100);
    const slugs = ITALIAN_CITIES.map((c) => c.slug);
    expect(new Set(slugs).size).toBe(100);
    for (const slug of slugs) expect(slug).toMatch(/^[a-z]+(-[a-z]+)*$/);
    const populations = ITALIAN_CITIES.map((c) => c.population);
    expect(populations).toEqual([...populations].sort((a, b) => b - a));
  });

  it("has well-formed codes, coordinates inside Italy and enough streets", () => {
    ITALIAN_CITIES.forEach((c, rank) => {
      expect(c.province, c.slug).toMatch(/^[A-Z]{2}$/);
      expect(c.postcode, c.slug).toMatch(/^\d{5}$/);
      expect(c.phonePrefix, c.slug).toMatch(/^0\d{1,3}$/);
      expect(c.lat, c.slug).toBeGreaterThan(35.4);
      expect(c.lat, c.slug).toBeLessThan(47.1);
      expect(c.lng, c.slug).toBeGreaterThan(6.6);
      expect(c.lng, c.slug).toBeLessThan(18.6);
      expect(c.population, c.slug).toBeGreaterThan(50_000);
      expect(c.streets.length, c.slug).toBeGreaterThanOrEqual(rank < 30 ? 6 : 4);
      expect(new Set(c.streets).size, c.slug).toBe(c.streets.length);
    });
  });

  // Straight-line distances between the historic centres. Bergamo is often quoted as "about 40 km"
  // from Milan, but that is loose: centre to centre it is about 46 km.
  it("puts Monza about 15 km and Bergamo about 46 km from Milano", () => {
    const milano = city("milano");
    const monza = haversineKm(milano, city("monza"));
    const bergamo = haversineKm(milano, city("bergamo"));
    expect(monza).toBeGreaterThan(13);
    expect(monza).toBeLessThan(17);
    expect(bergamo).toBeGreaterThan(44);
    expect(bergamo).toBeLessThan(48);
  });

  it("never gives two cities the same name or alias once lowercased and accent-stripped", () => {
    const owner = new Map<string, string>();
    for (const c of ITALIAN_CITIES) {
      for (const name of new Set([c.nameIt, c.nameEn, ...c.aliases].map(normalize))) {
        expect(owner.get(name), `"${name}" is used by ${owner.get(name)} and ${c.slug}`).toBeUndefined();
        owner.set(name, c.slug);
      }
    }
  });

  it("lists no alias that is just the Italian name without accents", () => {
    for (const c of ITALIAN_CITIES) {
      for (const alias of c.aliases) expect(normalize(alias), c.slug).not.toBe(normalize(c.nameIt));
    }
  });
});
