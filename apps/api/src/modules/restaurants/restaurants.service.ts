import type { Kysely } from "kysely";
import type { z } from "zod";
import type { Language } from "@tavolo/shared/languages";
import { distanceKm } from "@tavolo/shared/geo";
import { normalizeSearchKey } from "@tavolo/shared/text";
import type { filterByTypeQuerySchema, searchRestaurantsQuerySchema } from "@tavolo/shared/restaurants";
import {
  type CitiesResponse,
  type RestaurantResponse,
  type SearchRestaurantsResponse,
} from "@tavolo/shared/restaurants";
import { ALL_CATEGORIES } from "@tavolo/shared/categories";
import type { DB } from "../../db/schema";
import { notFound } from "../../errors";
import * as repo from "./restaurants.repository";
import { toCityInfo, toRestaurantDetail, toRestaurantSummary, toTable } from "./restaurants.mapper";

type SearchQuery = z.output<typeof searchRestaurantsQuerySchema>;
type TypeQuery = z.output<typeof filterByTypeQuerySchema>;

export const restaurantNotFound = () => notFound("restaurant_not_found", "apiErrors.restaurantNotFound");

export function createRestaurantService(db: Kysely<DB>) {
  return {
    async search(query: SearchQuery, language: Language): Promise<SearchRestaurantsResponse> {
      const category = query.category === ALL_CATEGORIES ? undefined : query.category;
      if (!query.location) {
        // The schema lets no query through without a city or both coordinates.
        const near = { lat: query.lat!, lng: query.lng!, radiusKm: query.radius };
        const { rows, total } = await repo.searchRestaurantsNear(db, near, category, pageOf(query));
        return {
          success: true,
          city: null,
          // The same sphere as earthdistance (shared/geo.ts): the figure agrees with the radius.
          restaurants: rows.map((row) => ({
            ...toRestaurantSummary(row, language),
            distanceKm: Math.round(distanceKm(near, row) * 100) / 100,
          })),
          total,
          page: query.page,
          pageSize: query.pageSize,
        };
      }
      const city = await repo.findCityByKey(db, normalizeSearchKey(query.location));
      if (!city) throw notFound("city_not_found", "apiErrors.cityNotFound", { city: query.location });
      const { rows, total } = await repo.searchRestaurantsInCity(db, city.id, category, pageOf(query));
      return {
        success: true,
        city: toCityInfo(city, language),
        restaurants: rows.map((row) => toRestaurantSummary(row, language)),
        total,
        page: query.page,
        pageSize: query.pageSize,
      };
    },

    async filterByType(query: TypeQuery, language: Language) {
      const { rows, total } = await repo.listRestaurantsByType(db, query.type.toLowerCase(), pageOf(query));
      return {
        success: true as const,
        restaurants: rows.map((row) => toRestaurantSummary(row, language)),
        total,
        page: query.page,
        pageSize: query.pageSize,
      };
    },

    async getById(id: string, language: Language): Promise<RestaurantResponse> {
      const [row, tables] = await Promise.all([repo.findRestaurantById(db, id), repo.findTables(db, id)]);
      if (!row) throw restaurantNotFound();
      const activeTables = tables.filter((table) => table.active).map((table) => toTable(table, true));
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

function pageOf(query: { page: number; pageSize: number }) {
  return { limit: query.pageSize, offset: (query.page - 1) * query.pageSize };
}
