import type { SearchCategory } from "@tavolo/shared/categories";
import type { Language } from "@tavolo/shared/languages";
import { offerTimeLeft, type LastMinuteOffer } from "@tavolo/shared/offers";
import { wallDay } from "../../i18n/wall-dates";
import { restaurantImageUrl } from "../restaurants/restaurants.mapper";
import type { OfferViewRow } from "./offers.repository";
import { seatsLeftFields } from "./seats-left";

/** An offer of SPEC §3; the time left is as of `now`, the client keeps counting from `expiresAt`. */
export function toOffer(row: OfferViewRow, language: Language, now: Date): LastMinuteOffer {
  const left = offerTimeLeft(row.book_until_at, now);
  return {
    id: row.id,
    restaurantId: row.restaurant_id,
    restaurantName: row.restaurant_name,
    restaurantImageUrl: restaurantImageUrl(row.image_key),
    restaurantAddress: row.address,
    city: language === "en" ? row.city_name_en : row.city_name_it,
    citySlug: row.city_slug,
    categories: row.categories as SearchCategory[],
    date: row.offer_date,
    formattedDate: wallDay(language, row.offer_date),
    startTime: row.start_time,
    endTime: row.end_time,
    bookUntil: row.book_until,
    totalSeats: row.total_seats,
    ...seatsLeftFields(row.available_seats),
    expiresAt: row.book_until_at.toISOString(),
    timeRemainingMinutes: Math.floor(left.ms / 60_000),
    isExpiring: left.expiring,
    isExpired: left.expired,
    discountPercent: row.discount_percent,
    description: language === "en" ? row.description_en : row.description_it,
    timeZone: row.time_zone,
    lat: row.lat,
    lng: row.lng,
    distanceKm: row.distance_m === null ? null : Math.round(row.distance_m / 100) / 10,
  };
}
