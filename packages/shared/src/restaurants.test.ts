import { describe, expect, it } from "vitest";
import { availableTablesQuerySchema, searchRestaurantsQuerySchema, wantsSlots } from "./restaurants";

describe("search query rules", () => {
  it("needs a city (or a position), defaults the rest", () => {
    expect(searchRestaurantsQuerySchema.parse({ location: "Milano" })).toEqual({
      location: "Milano",
      radius: 10,
      category: "all",
      sort: "relevance",
      page: 1,
      pageSize: 20,
    });
    expect(searchRestaurantsQuerySchema.parse({ lat: "45.46", lng: "9.19", radius: "25" })).toMatchObject({
      lat: 45.46,
      lng: 9.19,
      radius: 25,
    });
    const half = searchRestaurantsQuerySchema.safeParse({ lat: "45.46" });
    expect(half.error?.issues.map((issue) => issue.message)).toContain("validation.coordinates");
    const empty = searchRestaurantsQuerySchema.safeParse({ location: "   " });
    expect(empty.error?.issues[0]?.message).toBe("validation.cityRequired");
    const missing = searchRestaurantsQuerySchema.safeParse({});
    expect(missing.error?.issues[0]?.message).toBe("validation.cityRequired");
  });

  it("takes a date, time and party together, and a sort that has what it orders by", () => {
    const parse = (query: Record<string, string>) =>
      searchRestaurantsQuerySchema.safeParse({ location: "x", ...query });
    const full = parse({ date: "2026-12-24", time: "20:30", people: "4", sort: "soonest" });
    expect(full.data).toMatchObject({ date: "2026-12-24", time: "20:30", people: 4, sort: "soonest" });
    expect(wantsSlots(full.data!)).toBe(true);
    expect(wantsSlots(parse({ date: "2026-12-24", time: "20:30" }).data!)).toBe(false);
    expect(parse({ date: "", time: "", people: "" }).data).toMatchObject({ sort: "relevance" });
    const messages = (query: Record<string, string>) => parse(query).error?.issues.map((issue) => issue.message);
    expect(messages({ sort: "distance" })).toEqual(["validation.sortDistance"]);
    expect(parse({ sort: "distance", lat: "45.4", lng: "9.1" }).success).toBe(true);
    expect(messages({ sort: "soonest", date: "2026-12-24" })).toEqual(["validation.sortSoonest"]);
    expect(messages({ sort: "nearest" })).toEqual(["validation.sort"]);
    expect(messages({ people: "0" })).toEqual(["validation.people"]);
    expect(messages({ time: "20:30:00" })).toEqual(["validation.time"]);
    expect(messages({ date: "2026-02-30" })).toEqual(["validation.date"]);
  });

  it("accepts only known cuisines and page sizes up to 50", () => {
    expect(searchRestaurantsQuerySchema.parse({ location: "x", category: "" }).category).toBe("all");
    expect(searchRestaurantsQuerySchema.safeParse({ location: "x", category: "kebab" }).success).toBe(false);
    expect(searchRestaurantsQuerySchema.safeParse({ location: "x", pageSize: "51" }).success).toBe(false);
    expect(searchRestaurantsQuerySchema.parse({ location: "x", pageSize: "50", page: "3" })).toMatchObject({
      page: 3,
      pageSize: 50,
    });
  });
});

describe("table query rules", () => {
  it("takes a real calendar date, HH:MM and 1 to 10 people", () => {
    expect(availableTablesQuerySchema.safeParse({ date: "2030-02-28", time: "20:15", people: "4" }).success).toBe(true);
    for (const bad of [{ date: "2030-02-30" }, { time: "7pm" }, { people: "0" }, { people: "11" }, { people: "2.5" }]) {
      expect(availableTablesQuerySchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });
});
