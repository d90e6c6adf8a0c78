import { describe, expect, it } from "vitest";
import { RESTAURANT_TYPES, SEARCH_CATEGORIES } from "@tavolo/shared/categories";
import { CLOCK_TIME } from "@tavolo/shared/dates";
import { WEEKDAYS } from "@tavolo/shared/opening-hours";
import { ITALIAN_CITIES, type SeedCity } from "./italian-cities";
import { generateRestaurants, restaurantsPerCity, type SeedRestaurant } from "./restaurant-generator";
import { city, haversineKm } from "./test-helpers";

/** Every restaurant of every city for a given national total, as the seed generates them. */
function generateAll(total: number): { restaurant: SeedRestaurant; city: SeedCity }[] {
  const perCity = restaurantsPerCity(total, ITALIAN_CITIES);
  return ITALIAN_CITIES.flatMap((c) =>
    generateRestaurants(c, perCity.get(c.slug) ?? 0).map((restaurant) => ({ restaurant, city: c })),
  );
}

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe("restaurantsPerCity", () => {
  it.each([0, 1, 7, 99, 100, 101, 2_400, 5_000, 50_000])("splits %i restaurants exactly", (total) => {
    const perCity = restaurantsPerCity(total, ITALIAN_CITIES);
    expect(perCity.size).toBe(ITALIAN_CITIES.length);
    expect([...perCity.values()].reduce((sum, n) => sum + n, 0)).toBe(total);
  });

  it("gives every city at least one restaurant when the total allows", () => {
    for (const total of [100, 101, 2_400]) {
      const perCity = restaurantsPerCity(total, ITALIAN_CITIES);
      for (const c of ITALIAN_CITIES) expect(perCity.get(c.slug), c.slug).toBeGreaterThanOrEqual(1);
    }
  });

  it("follows population: bigger cities never get fewer restaurants", () => {
    const perCity = restaurantsPerCity(50_000, ITALIAN_CITIES);
    const counts = ITALIAN_CITIES.map((c) => perCity.get(c.slug) ?? 0);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    const roma = perCity.get("roma") ?? 0;
    const milano = perCity.get("milano") ?? 0;
    expect(roma / milano).toBeCloseTo(city("roma").population / city("milano").population, 1);
  });

  it("rejects a negative or fractional total", () => {
    expect(() => restaurantsPerCity(-1, ITALIAN_CITIES)).toThrow(RangeError);
    expect(() => restaurantsPerCity(2.5, ITALIAN_CITIES)).toThrow(RangeError);
  });

  it("shares equally when no population is known", () => {
    const perCity = restaurantsPerCity(9, [
      { slug: "a", population: 0 },
      { slug: "b", population: 0 },
      { slug: "c", population: 0 },
    ]);
    expect([...perCity.values()]).toEqual([3, 3, 3]);
  });
});

describe("generateRestaurants", () => {
  const milano = city("milano");

  it("is deterministic", () => {
    expect(generateRestaurants(milano, 300)).toEqual(generateRestaurants(milano, 300));
  });

  it("keeps existing restaurants when asked for more", () => {
    expect(generateRestaurants(milano, 300).slice(0, 40)).toEqual(generateRestaurants(milano, 40));
  });

  it("changes everything but the ids with another seed", () => {
    const standard = generateRestaurants(milano, 50);
    const other = generateRestaurants(milano, 50, { seed: "another" });
    expect(other.map((r) => r.id)).toEqual(standard.map((r) => r.id));
    expect(other.map((r) => r.name)).not.toEqual(standard.map((r) => r.name));
  });

  it("covers every search category in every city from 18 restaurants on", () => {
    for (const c of ITALIAN_CITIES) {
      const restaurants = generateRestaurants(c, 18);
      const mainCategories = new Set(restaurants.map((r) => r.categories[0]));
      expect(
        [...SEARCH_CATEGORIES].filter((category) => !mainCategories.has(category)),
        c.slug,
      ).toEqual([]);
    }
  });

  it("gives valid, unique v4 UUIDs across 5,000 restaurants", () => {
    const ids = generateAll(5_000).map(({ restaurant }) => restaurant.id);
    expect(ids).toHaveLength(5_000);
    for (const id of ids) expect(id).toMatch(UUID_V4);
    expect(new Set(ids).size).toBe(5_000);
  });

  it("rejects a negative or fractional count", () => {
    expect(() => generateRestaurants(milano, -1)).toThrow(RangeError);
    expect(() => generateRestaurants(milano, 1.5)).toThrow(RangeError);
  });

  describe("every field of 5,000 restaurants", () => {
    const generated = generateAll(5_000);
    const restaurants = generated.map(({ restaurant }) => restaurant);

    /** Runs `check` on every restaurant and lists what it reports, so a failure names the culprits. */
    function violations(check: (r: SeedRestaurant, c: SeedCity) => string | null): string[] {
      return generated.flatMap(({ restaurant, city: c }) => {
        const problem = check(restaurant, c);
        return problem === null ? [] : [`${c.slug} "${restaurant.name}": ${problem}`];
      });
    }

    it("has valid opening hours: HH:MM, open before close, nothing past 23:30", () => {
      const problems = violations((r) => {
        const days = Object.keys(r.openingHours).sort();
        if (days.join() !== [...WEEKDAYS].sort().join()) return `weekdays ${days.join()}`;
        const open = WEEKDAYS.flatMap((day) => {
          const hours = r.openingHours[day];
          return hours === null ? [] : [{ day, ...hours }];
        });
        if (open.length < 5) return `open only ${open.length} days`;
        // Zero-padded HH:MM strings compare like the times they encode.
        const bad = open.find(
          (h) => !CLOCK_TIME.test(h.open) || !CLOCK_TIME.test(h.close) || h.open >= h.close || h.close > "23:30",
        );
        return bad === undefined ? null : `${bad.day} ${bad.open}-${bad.close}`;
      });
      expect(problems).toEqual([]);
    });

    it("has 4 to 14 tables numbered 1..n, seating 2 to 8", () => {
      const problems = violations((r) => {
        if (r.tables.length < 4 || r.tables.length > 14) return `${r.tables.length} tables`;
        if (r.tables.some((t, i) => t.number !== i + 1)) return "tables not numbered 1..n";
        const bad = r.tables.find((t) => !Number.isInteger(t.capacity) || t.capacity < 2 || t.capacity > 8);
        return bad === undefined ? null : `table ${bad.number} seats ${bad.capacity}`;
      });
      expect(problems).toEqual([]);
    });

    it("has 1 to 3 distinct known categories, a known type and a matching image", () => {
      const known = new Set<string>(SEARCH_CATEGORIES);
      const types = new Set<string>(RESTAURANT_TYPES);
      const problems = violations((r) => {
        if (r.categories.length < 1 || r.categories.length > 3) return `categories ${r.categories.join()}`;
        if (new Set(r.categories).size !== r.categories.length) return `repeated categories ${r.categories.join()}`;
        if (r.categories.some((category) => !known.has(category))) return `unknown category ${r.categories.join()}`;
        if (!types.has(r.type)) return `unknown type ${r.type}`;
        if (!new RegExp(`^${r.categories[0]}-[1-3]$`).test(r.imageKey)) return `image ${r.imageKey}`;
        return null;
      });
      expect(problems).toEqual([]);
    });

    it("keeps types and categories consistent", () => {
      const mainCategoryOf: Partial<Record<string, string>> = {
        pizzeria: "pizza",
        "sushi bar": "sushi",
        hamburgeria: "hamburger",
      };
      const problems = violations((r) => {
        const expected = mainCategoryOf[r.type];
        if (expected !== undefined && r.categories[0] !== expected) return `${r.type} filed under ${r.categories[0]}`;
        const meatless = r.categories[0] === "vegano" || r.categories[0] === "vegetariano";
        if (meatless && (r.categories.includes("carne") || r.categories.includes("pesce"))) {
          return `meatless with ${r.categories.join()}`;
        }
        return null;
      });
      expect(problems).toEqual([]);
    });

    it("has ratings, prices and auto-confirmation in range", () => {
      const problems = violations((r) => {
        if (r.rating < 3.5 || r.rating > 5 || Math.round(r.rating * 10) / 10 !== r.rating) return `rating ${r.rating}`;
        if (![1, 2, 3, 4].includes(r.priceRange)) return `price range ${r.priceRange}`;
        return null;
      });
      expect(problems).toEqual([]);
      const mean = restaurants.reduce((sum, r) => sum + r.rating, 0) / restaurants.length;
      expect(mean).toBeGreaterThan(4);
      expect(mean).toBeLessThan(4.6);
      const autoConfirmed = restaurants.filter((r) => r.autoConfirm).length / restaurants.length;
      expect(autoConfirmed).toBeGreaterThan(0.75);
      expect(autoConfirmed).toBeLessThan(0.85);
    });

    it("places each restaurant within about 3 km of its city centre, with a local address and phone", () => {
      const problems = violations((r, c) => {
        const km = haversineKm(r, c);
        if (km > 3.05) return `${km.toFixed(2)} km from the centre`;
        if (!r.address.endsWith(`, ${c.postcode} ${c.nameIt}`)) return `address ${r.address}`;
        if (!c.streets.some((street) => r.address.startsWith(`${street} `))) return `street of ${r.address}`;
        if (!new RegExp(`^\\+39 ${c.phonePrefix} [2-9]\\d{5,7}$`).test(r.phone)) return `phone ${r.phone}`;
        return null;
      });
      expect(problems).toEqual([]);
    });

    it("mentions the city in both descriptions", () => {
      const problems = violations((r, c) => {
        if (!r.descriptionEn.includes(c.nameEn)) return `English: ${r.descriptionEn}`;
        // "L'Aquila" and "La Spezia" take the article in the sentence: "dell'Aquila", "della Spezia".
        const bareName = c.nameIt.replace(/^(L'|La )/, "");
        if (!r.descriptionIt.includes(bareName)) return `Italian: ${r.descriptionIt}`;
        return null;
      });
      expect(problems).toEqual([]);
    });

    it("rarely repeats a name within a city", () => {
      const names = new Set(generated.map(({ restaurant, city: c }) => `${c.slug}:${restaurant.name}`));
      expect(names.size / restaurants.length).toBeGreaterThan(0.995);
    });
  });

  // Its speed is not a test's to judge: a wall-clock limit fails on a loaded CI machine and proves
  // nothing on a quiet one.
  it("generates 50,000 restaurants", () => {
    expect(generateAll(50_000)).toHaveLength(50_000);
  });
});
