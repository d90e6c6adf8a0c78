import type { ReservationViewRow } from "./reservation-views.repository";

/** What a booking's first read gives of its restaurant and city, and of its diner. */
export type NewBookingPlace = Pick<
  ReservationViewRow,
  | "restaurant_name"
  | "image_key"
  | "lat"
  | "lng"
  | "address"
  | "categories"
  | "time_zone"
  | "city_name_it"
  | "city_name_en"
  | "user_email"
  | "user_language"
  | "user_first_name"
  | "user_display_name"
>;

/** A booking as it will be written: a table's, or an offer's seats; its id and moment chosen before. */
export interface NewBooking {
  id: string;
  createdAt: Date;
  userId: string;
  restaurantId: string;
  tableId: string | null;
  tableNumber: number | null;
  offerId: string | null;
  startsAt: Date;
  endsAt: Date;
  partySize: number;
  specialRequests: string;
  status: "pending" | "confirmed";
}

/**
 * The view of a booking about to be written: what `findReservationView` reads back once it is (the
 * tests hold the two equal), made before the write so that its answer and its mail can go in the
 * same statement (decision 074). A booking just made is live with its seating ahead (its rules said
 * so), so the diner can cancel it; it has no reminder yet, and its calendar event is at version 0.
 */
export function newBookingView(place: NewBookingPlace, booking: NewBooking): ReservationViewRow {
  return {
    id: booking.id,
    user_id: booking.userId,
    restaurant_id: booking.restaurantId,
    table_id: booking.tableId,
    table_number: booking.tableNumber,
    offer_id: booking.offerId,
    starts_at: booking.startsAt,
    ends_at: booking.endsAt,
    party_size: booking.partySize,
    special_requests: booking.specialRequests,
    status: booking.status,
    can_cancel: true,
    attending: false,
    created_at: booking.createdAt,
    cancelled_at: null,
    restaurant_name: place.restaurant_name,
    image_key: place.image_key,
    lat: place.lat,
    lng: place.lng,
    address: place.address,
    categories: place.categories,
    time_zone: place.time_zone,
    city_name_it: place.city_name_it,
    city_name_en: place.city_name_en,
    user_email: place.user_email,
    user_language: place.user_language,
    user_first_name: place.user_first_name,
    user_display_name: place.user_display_name,
    calendar_sequence: 0,
  };
}
