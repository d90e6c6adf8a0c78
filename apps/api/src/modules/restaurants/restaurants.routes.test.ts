import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SEARCH_CATEGORIES } from "@tavolo/shared/categories";
import { distanceKm } from "@tavolo/shared/geo";
import type { RestaurantDetail, SearchRestaurantsResponse } from "@tavolo/shared/restaurants";
import { createTestApp, type TestApp } from "../../../test/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seedRestaurants: 400 });
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: "GET", url, headers });
const search = async (query: string) => {
  const res = await get(`/api/client/searchRestaurantsByLocation?${query}`);
  return { res, body: res.json() as SearchRestaurantsResponse };
};

describe("searchRestaurantsByLocation", () => {
  it("matches a city whatever its case, accents or language", async () => {
    const ids = async (location: string) => {
      const { res, body } = await search(`location=${encodeURIComponent(location)}&pageSize=50`);
      expect(res.statusCode).toBe(200);
      return body.restaurants.map((r) => r.id);
    };
    const milano = await ids("milano");
    expect(milano.length).toBeGreaterThan(10);
    expect(await ids("Milan")).toEqual(milano);
    expect(await ids("MILANO")).toEqual(milano);
    expect(await ids("  Milàno ")).toEqual(milano);
    expect(await ids("Firenze")).toEqual(await ids("florence"));
  });

  it("sorts by rating, best first, and reports the total", async () => {
    const { body } = await search("location=roma&pageSize=50");
    const ratings = body.restaurants.map((r) => r.rating);
    expect(ratings).toEqual([...ratings].sort((a, b) => b - a));
    expect(body.total).toBeGreaterThanOrEqual(body.restaurants.length);
    expect(body.city).toMatchObject({ slug: "roma", name: "Roma", nameEn: "Rome" });
  });

  it("filters by every cuisine, and 'all' or no category means every cuisine", async () => {
    for (const category of SEARCH_CATEGORIES) {
      const { res, body } = await search(`location=milano&category=${category}&pageSize=50`);
      expect(res.statusCode, category).toBe(200);
      expect(body.total, category).toBeGreaterThan(0);
      for (const r of body.restaurants) expect(r.categories).toContain(category);
    }
    const all = await search("location=milano&category=all");
    const none = await search("location=milano");
    const empty = await search("location=milano&category=");
    expect(all.body.total).toBe(none.body.total);
    expect(empty.body.total).toBe(none.body.total);
  });

  it("pages through results without overlap, at most 50 per page", async () => {
    const first = await search("location=milano&pageSize=5&page=1");
    const second = await search("location=milano&pageSize=5&page=2");
    expect(first.body.restaurants).toHaveLength(5);
    const overlap = second.body.restaurants.filter((r) => first.body.restaurants.some((f) => f.id === r.id));
    expect(overlap).toEqual([]);
    const tooMany = await get("/api/client/searchRestaurantsByLocation?location=milano&pageSize=51");
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toMatchObject({ success: false, code: "validation_error" });
    expect((await get("/api/client/searchRestaurantsByLocation?location=milano&page=0")).statusCode).toBe(400);
    // A page whose first row lies past 2³¹ rows is an empty page, not an overflow (decision 077).
    for (const query of ["location=milano&category=pizza", "location=milano", "lat=45.46&lng=9.19&radius=10"]) {
      const far = await search(`${query}&page=2147483648&pageSize=50`);
      expect(far.body.restaurants).toEqual([]);
      expect(far.body.total).toBeGreaterThan(0);
    }
  });

  it("gives each result the spec's fields, location both ways", async () => {
    const { body } = await search("location=napoli&pageSize=1");
    const r = body.restaurants[0]!;
    expect(r).toMatchObject({ id: expect.any(String), name: expect.any(String), address: expect.any(String) });
    expect(r.location).toBe(`${r.lat},${r.lng}`);
    expect(r.imageUrl).toMatch(/^\/images\/restaurants\/[a-z]+-\d\.svg$/);
    expect(r.city).toBe("Napoli");
  });

  it("answers in English when asked", async () => {
    const res = await get("/api/client/searchRestaurantsByLocation?location=napoli&pageSize=1", {
      "accept-language": "en-GB,en;q=0.9",
    });
    expect(res.json().city.name).toBe("Naples");
  });

  it("requires a city, with a translated message", async () => {
    const it_ = await get("/api/client/searchRestaurantsByLocation?location=%20");
    expect(it_.statusCode).toBe(400);
    expect(it_.json()).toMatchObject({ success: false, error: "Inserisci una città" });
    const en = await get("/api/client/searchRestaurantsByLocation", { "x-user-language": "en" });
    expect(en.statusCode).toBe(400);
    expect(en.json().error).toBe("Enter a city");
  });

  it("without a city, lists the restaurants around lat/lng within radius km, nearest first", async () => {
    const duomo = { lat: 45.4642, lng: 9.19 };
    const { res, body } = await search(`lat=${duomo.lat}&lng=${duomo.lng}&radius=5&pageSize=50`);
    expect(res.statusCode).toBe(200);
    expect(body.city).toBeNull();
    expect(body.restaurants.length).toBeGreaterThan(5);
    const distances = body.restaurants.map((r) => r.distanceKm!);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    for (const r of body.restaurants) {
      expect(distanceKm(duomo, r)).toBeLessThanOrEqual(5.001);
      expect(Math.abs(distanceKm(duomo, r) - r.distanceKm!)).toBeLessThan(0.06);
    }
    expect(new Set(body.restaurants.map((r) => r.citySlug))).toContain("milano");
    // Pages continue the same order; a wider radius finds more; a cuisine narrows it.
    const second = await search(`lat=${duomo.lat}&lng=${duomo.lng}&radius=5&pageSize=3&page=2`);
    expect(second.body.restaurants.map((r) => r.id)).toEqual(body.restaurants.slice(3, 6).map((r) => r.id));
    expect((await search(`lat=${duomo.lat}&lng=${duomo.lng}&radius=50`)).body.total).toBeGreaterThan(body.total);
    const pizza = await search(`lat=${duomo.lat}&lng=${duomo.lng}&radius=5&category=pizza&pageSize=50`);
    for (const r of pizza.body.restaurants) expect(r.categories).toContain("pizza");
    // In the middle of the sea: nothing, not an error.
    const sea = await search("lat=40&lng=15.5&radius=1");
    expect(sea.res.statusCode).toBe(200);
    expect(sea.body).toMatchObject({ city: null, restaurants: [], total: 0 });
    // A city given wins over the position.
    expect((await search(`location=roma&lat=${duomo.lat}&lng=${duomo.lng}`)).body.city?.slug).toBe("roma");
  });

  it("refuses half a position or a radius outside 1–50 km, in the caller's language", async () => {
    for (const query of [
      "lat=45.46",
      "lng=9.19",
      "lat=45.46&lng=200",
      "lat=x&lng=9",
      "lat=45&lng=9&radius=0",
      "lat=45&lng=9&radius=51",
    ]) {
      const res = await get(`/api/client/searchRestaurantsByLocation?${query}`, { "x-user-language": "en" });
      expect(res.statusCode, query).toBe(400);
      expect(res.json(), query).toMatchObject({ success: false, code: "validation_error" });
    }
  });

  it("says which city it does not know, and treats hostile text as text", async () => {
    const res = await get(
      `/api/client/searchRestaurantsByLocation?location=${encodeURIComponent("x'; DROP TABLE restaurants;--")}`,
    );
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ success: false, code: "city_not_found" });
    expect(res.json().error).toContain("DROP TABLE");
    const stillThere = await search("location=milano");
    expect(stillThere.body.total).toBeGreaterThan(0);
    const huge = await get(`/api/client/searchRestaurantsByLocation?location=${"a".repeat(5000)}`);
    expect(huge.statusCode).toBe(400);
  });

  it("rejects an unknown cuisine", async () => {
    const res = await get("/api/client/searchRestaurantsByLocation?location=milano&category=martian");
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe("Categoria di cucina non valida");
  });

  it("lets clients revalidate with an ETag", async () => {
    const first = await get("/api/client/searchRestaurantsByLocation?location=torino");
    const etag = first.headers.etag as string;
    expect(etag).toBeTruthy();
    expect(first.headers["cache-control"]).toContain("max-age");
    const again = await get("/api/client/searchRestaurantsByLocation?location=torino", { "if-none-match": etag });
    expect(again.statusCode).toBe(304);
  });
});

describe("restaurant by id", () => {
  let sample: SearchRestaurantsResponse["restaurants"][number];
  beforeAll(async () => {
    sample = (await search("location=milano&pageSize=1")).body.restaurants[0]!;
  });

  it("returns the detail with hours, tables and capacity on all three paths", async () => {
    const byPath = await get(`/api/client/getRestaurantById/${sample.id}`);
    expect(byPath.statusCode).toBe(200);
    const detail = byPath.json().restaurant as RestaurantDetail;
    expect(detail.id).toBe(sample.id);
    expect(Object.keys(detail.openingHours)).toEqual([
      "monday",
      "tuesday",
      "wednesday",
      "thursday",
      "friday",
      "saturday",
      "sunday",
    ]);
    expect(detail.tables.length).toBeGreaterThan(0);
    expect(detail.capacity).toBe(detail.tables.reduce((s, table) => s + table.capacity, 0));
    expect(detail.timeZone).toBe("Europe/Rome");
    for (const url of [
      `/api/client/getRestaurantById?restaurantId=${sample.id}`,
      `/api/client/getRestaurant?restaurantId=${sample.id}`,
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.json().restaurant).toEqual(detail);
    }
  });

  it("answers 404 with a translated message for an unknown id", async () => {
    const unknown = "00000000-0000-4000-8000-000000000000";
    const it_ = await get(`/api/client/getRestaurantById/${unknown}`);
    expect(it_.statusCode).toBe(404);
    expect(it_.json()).toEqual({ success: false, error: "Ristorante non trovato", code: "restaurant_not_found" });
    const en = await get(`/api/client/getRestaurantById/${unknown}`, { "accept-language": "en" });
    expect(en.json().error).toBe("Restaurant not found");
  });

  it("answers 400 for a missing or malformed id", async () => {
    expect((await get("/api/client/getRestaurantById/not-a-uuid")).statusCode).toBe(400);
    const missing = await get("/api/client/getRestaurantById", { "accept-language": "en" });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toBe("Restaurant ID is required");
    expect((await get("/api/client/getRestaurant?restaurantId=")).statusCode).toBe(400);
  });
});

describe("cities and types", () => {
  it("lists the cities that have restaurants, in the caller's language", async () => {
    const res = await get("/api/client/getAllAvailableCities", { "accept-language": "en" });
    const cities = res.json().cities as { slug: string; name: string; restaurantCount: number }[];
    expect(cities.length).toBeGreaterThanOrEqual(30);
    expect(cities.find((c) => c.slug === "milano")?.name).toBe("Milan");
    for (const c of cities) expect(c.restaurantCount).toBeGreaterThan(0);
  });

  it("names regions in the caller's language", async () => {
    const regionOf = async (language: string, slug: string) => {
      const res = await get("/api/client/getAllAvailableCities", { "accept-language": language });
      return (res.json().cities as { slug: string; region: string }[]).find((c) => c.slug === slug)?.region;
    };
    expect(await regionOf("en", "milano")).toBe("Lombardy");
    expect(await regionOf("en", "napoli")).toBe("Campania");
    expect(await regionOf("it", "milano")).toBe("Lombardia");
    const search = await get("/api/client/searchRestaurantsByLocation?location=Firenze", { "accept-language": "en" });
    expect(search.json().city.region).toBe("Tuscany");
  });

  it("filters restaurants by type", async () => {
    const res = await get("/api/client/filterRestaurantsByType?type=pizzeria&pageSize=50");
    expect(res.statusCode).toBe(200);
    const body = res.json() as { restaurants: { type: string }[]; total: number };
    expect(body.total).toBeGreaterThan(0);
    for (const r of body.restaurants) expect(r.type).toBe("pizzeria");
    expect((await get("/api/client/filterRestaurantsByType")).statusCode).toBe(400);
  });
});
