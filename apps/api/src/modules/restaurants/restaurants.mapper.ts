import type { Language } from "@tavolo/shared/languages";
import { regionName } from "@tavolo/shared/italian-regions";
import type { CityInfo, RestaurantDetail, RestaurantSummary, Table } from "@tavolo/shared/restaurants";
import type { RestaurantType, SearchCategory } from "@tavolo/shared/categories";
import { WEEKDAYS, type OpeningHours } from "@tavolo/shared/opening-hours";
import type { CityRow, RestaurantDetailRow, RestaurantRow, TableRow } from "./restaurants.repository";

/** Images live in the web app's public folder; the API only names them. */
export const restaurantImageUrl = (imageKey: string) => `/images/restaurants/${imageKey}.svg`;

export function toCityInfo(row: Omit<CityRow, "id">, language: Language): CityInfo {
  return {
    slug: row.slug,
    name: language === "en" ? row.name_en : row.name_it,
    nameIt: row.name_it,
    nameEn: row.name_en,
    region: regionName(row.region, language),
    lat: row.lat,
    lng: row.lng,
  };
}

export function toRestaurantSummary(row: RestaurantRow, language: Language): RestaurantSummary {
  const image = restaurantImageUrl(row.image_key);
  return {
    id: row.id,
    name: row.name,
    type: row.type as RestaurantType,
    city: language === "en" ? row.city_name_en : row.city_name_it,
    citySlug: row.city_slug,
    address: row.address,
    phone: row.phone,
    description: language === "en" ? row.description_en : row.description_it,
    image,
    imageUrl: image,
    rating: row.rating,
    priceRange: row.price_range,
    categories: row.categories as SearchCategory[],
    location: `${row.lat},${row.lng}`,
    lat: row.lat,
    lng: row.lng,
  };
}

export function toRestaurantDetail(
  row: RestaurantDetailRow,
  tables: readonly Table[],
  language: Language,
): RestaurantDetail {
  return {
    ...toRestaurantSummary(row, language),
    timeZone: row.time_zone,
    openingHours: inWeekOrder(row.opening_hours),
    capacity: tables.reduce((sum, table) => sum + table.capacity, 0),
    tables: [...tables],
  };
}

export function toTable(row: TableRow, isAvailable: boolean): Table {
  return { id: row.id, number: row.number, capacity: row.capacity, isAvailable };
}

/** jsonb keeps object keys in its own order; diners read a week from Monday. */
function inWeekOrder(hours: OpeningHours): OpeningHours {
  return Object.fromEntries(WEEKDAYS.map((day) => [day, hours[day] ?? null])) as OpeningHours;
}
