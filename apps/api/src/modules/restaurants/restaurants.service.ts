import type { Kysely } from "kysely";
import type { z } from "zod";
import type { Language } from "@tavolo/shared/languages";
import { distanceKm } from "@tavolo/shared/geo";
import { normalizeSearchKey } from "@tavolo/shared/text";
import type { filterByTypeQuerySchema, searchRestaurantsQuerySchema } from "@tavolo/shared/restaurants";
import {
  type CitiesResponse,
  type RestaurantResponse,
  type RestaurantSummary,
  type SearchRestaurantsResponse,
  type SearchResult,
  wantsSlots,
} from "@tavolo/shared/restaurants";
import { checkBookingDate, nearestTimes, nextSeatingAfter } from "@tavolo/shared/reservation-slots";
import { ALL_CATEGORIES } from "@tavolo/shared/categories";
import type { DB } from "../../db/schema";
import { notFound } from "../../errors";
import { freeTimesByRestaurant, offeredSeatings } from "../reservations/free-seatings";
import * as repo from "./restaurants.repository";
import * as searchStatements from "./restaurant-search.repository";
import { toCityInfo, toRestaurantDetail, toRestaurantSummary, toTable } from "./restaurants.mapper";

type SearchQuery = z.output<typeof searchRestaurantsQuerySchema>;
type TypeQuery = z.output<typeof filterByTypeQuerySchema>;

export const restaurantNotFound = () => notFound("restaurant_not_found", "apiErrors.restaurantNotFound");

/**
 * `db` reads the catalogue (a replica where there is one); `bookingsDb` the bookings, whose free
 * tables must be those of the primary that refuses a double booking.
 */
export function createRestaurantService(db: Kysely<DB>, bookingsDb: Kysely<DB> = db) {
  /**
   * A search for a table (date, time and party, decision 024): each restaurant of the page carries its
   * free start times nearest the asked one, and those with any come first, the order otherwise
   * kept; "soonest" puts the earliest free time first. One query for the page (decision 024).
   */
  async function withSlots(
    results: { row: repo.RestaurantDetailRow; summary: RestaurantSummary }[],
    query: SearchQuery,
    /** Nearest first (asked, or around a position): the page says so, so free times do not reorder it. */
    byDistance = false,
  ) {
    if (!wantsSlots(query)) return results.map((result) => result.summary);
    const { date, time, people } = query;
    const now = new Date();
    const rows = results.map((result) => result.row);
    const request = { date, people, now, near: time };
    const offered = offeredSeatings(rows, request);
    const free = await freeTimesByRestaurant(bookingsDb, rows, request, offered);
    const closedThen = closedThenOnPage({ date, time }, now);
    const listed = results.map(({ row, summary }) => {
      const availableSlots = nearestTimes(free.get(row.id) ?? [], time);
      const closed = availableSlots.length === 0 && offered.get(row.id)!.length === 0;
      return { ...summary, availableSlots, ...(closed ? closedThen(row) : {}) };
    });
    if (byDistance) return listed;
    const first = (slots: string[]) => slots[0] ?? "~";
    // Array.prototype.sort is stable: equal keys keep the database's order.
    return listed.sort(
      (a, b) =>
        Number(b.availableSlots.length > 0) - Number(a.availableSlots.length > 0) ||
        (query.sort === "soonest" ? first(a.availableSlots).localeCompare(first(b.availableSlots)) : 0),
    );
  }

  return {
    async search(query: SearchQuery, language: Language): Promise<SearchRestaurantsResponse> {
      const category = query.category === ALL_CATEGORIES ? undefined : query.category;
      // The schema lets no query through without a city or both coordinates, nor "distance" without them.
      const position = query.lat === undefined ? undefined : { lat: query.lat, lng: query.lng! };
      const byDistance = query.sort === "distance" || (query.sort !== "rating" && !query.location);
      if (!query.location) {
        const near = { ...position!, radiusKm: query.radius };
        const order = byDistance ? "nearest" : "bestRated";
        const found = await searchStatements.searchRestaurantsNear(db, near, category, pageOf(query), order);
        const restaurants = await withSlots(
          found.rows.map((row) => ({ row, summary: withDistance(row, near, language) })),
          query,
          byDistance,
        );
        const total = found.total;
        return { success: true, city: null, restaurants, total, page: query.page, pageSize: query.pageSize };
      }
      const nearTo = query.sort === "distance" ? position : undefined;
      const found = await searchStatements.searchRestaurantsInCity(
        db,
        normalizeSearchKey(query.location),
        category,
        pageOf(query),
        nearTo,
      );
      if (!found) throw notFound("city_not_found", "apiErrors.cityNotFound", { city: query.location });
      const restaurants = await withSlots(
        found.rows.map((row) => ({
          row,
          summary: nearTo ? withDistance(row, nearTo, language) : toRestaurantSummary(row, language),
        })),
        query,
        nearTo !== undefined,
      );
      return {
        success: true,
        city: toCityInfo(found.city, language),
        restaurants,
        total: found.total,
        page: query.page,
        pageSize: query.pageSize,
      };
    },

    async filterByType(query: TypeQuery, language: Language) {
      const { rows, total } = await searchStatements.listRestaurantsByType(db, query.type.toLowerCase(), pageOf(query));
      return {
        success: true as const,
        restaurants: rows.map((row) => toRestaurantSummary(row, language)),
        total,
        page: query.page,
        pageSize: query.pageSize,
      };
    },

    async getById(id: string, language: Language): Promise<RestaurantResponse> {
      const row = await repo.findRestaurantWithTables(db, id);
      if (!row) throw restaurantNotFound();
      const activeTables = row.tables.filter((table) => table.active).map((table) => toTable(table, true));
      return { success: true, restaurant: toRestaurantDetail(row, activeTables, language) };
    },

    async cities(language: Language): Promise<CitiesResponse> {
      const rows = await repo.listCitiesWithRestaurants(db);
      return {
        success: true,
        cities: rows.map((row) => ({ ...toCityInfo(row, language), restaurantCount: row.restaurant_count })),
      };
    },
  };
}

export type RestaurantService = ReturnType<typeof createRestaurantService>;

/** The same sphere as earthdistance (shared/geo.ts): the figure agrees with the radius. */
function withDistance(row: repo.RestaurantRow, from: searchStatements.Position, language: Language): RestaurantSummary {
  return { ...toRestaurantSummary(row, language), distanceKm: Math.round(distanceKm(from, row) * 100) / 100 };
}

/**
 * A restaurant with no seating near the asked moment is closed then, not full: the card says so
 * and when it opens next (decision 055). A past moment is no one's closing time (the page says it
 * is past), and a full restaurant has seatings, so neither gets the field. At night every card of
 * a page is closed, and restaurants with the same zone and weekly hours open next at the same
 * time: worked out once per page (about 30 µs each, decision 070).
 */
function closedThenOnPage(asked: { date: string; time: string }, now: Date) {
  const known = new Map<string, Pick<SearchResult, "nextOpening">>();
  return (row: repo.RestaurantDetailRow): Pick<SearchResult, "nextOpening"> => {
    const key = `${row.time_zone} ${JSON.stringify(row.opening_hours)}`;
    let answer = known.get(key);
    if (!answer) {
      answer = checkBookingDate(asked.date, row.time_zone, now)
        ? {}
        : { nextOpening: nextSeatingAfter(row.opening_hours, row.time_zone, asked.date, asked.time, now) };
      known.set(key, answer);
    }
    return answer;
  };
}

function pageOf(query: { page: number; pageSize: number }) {
  return { limit: query.pageSize, offset: (query.page - 1) * query.pageSize };
}
