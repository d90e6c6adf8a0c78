import type { SearchCategory } from "@tavolo/shared/categories";
import { wallClockOf } from "@tavolo/shared/dates";
import type { Language } from "@tavolo/shared/languages";
import type { Reservation } from "@tavolo/shared/reservations";
import { restaurantImageUrl } from "../restaurants/restaurants.mapper";
import type { ReservationViewRow } from "./reservation-views.repository";

/** A reservation of SPEC §3; date and time are read on the restaurant's wall clock. */
export function toReservation(row: ReservationViewRow, language: Language): Reservation {
  const { date, time } = wallClockOf(row.starts_at, row.time_zone);
  const restaurant = {
    id: row.restaurant_id,
    name: row.restaurant_name,
    imageUrl: restaurantImageUrl(row.image_key),
    location: `${row.lat},${row.lng}`,
    city: language === "en" ? row.city_name_en : row.city_name_it,
    address: row.address,
    categories: row.categories as SearchCategory[],
  };
  return {
    id: row.id,
    restaurantId: row.restaurant_id,
    restaurantName: row.restaurant_name,
    restaurant,
    date,
    time,
    kind: row.offer_id ? "lastMinute" : "table",
    lastMinuteId: row.offer_id,
    tableId: row.table_id,
    tableNumber: row.table_number,
    numberOfPeople: row.party_size,
    status: row.status,
    createdAt: row.created_at.toISOString(),
    specialRequests: row.special_requests,
    startsAt: row.starts_at.toISOString(),
    endsAt: row.ends_at.toISOString(),
    canCancel: row.can_cancel,
    attending: row.attending,
  };
}
