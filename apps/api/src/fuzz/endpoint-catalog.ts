import { STRONG_PASSWORD } from "../../test/auth-helpers";
import type { Json } from "./hostile-inputs";

/**
 * One valid call per endpoint, the seed every fuzz case of that endpoint mutates. Keyed by
 * "METHOD /route/:param" exactly as Fastify registers it; the suite fails on a route missing here,
 * so a new endpoint cannot ship without hostile-input coverage.
 */
export interface EndpointExample {
  /** Signed in as the suite's diner; a signed-out call must then be refused and change nothing. */
  auth?: boolean;
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: Json;
  /** The success answer is not JSON (documentation pages, the HTML mailbox); errors still are. */
  successNotJson?: boolean;
  /** A GET that records state by design (the OAuth state, a consumed link), so it may change rows. */
  writes?: boolean;
}

/** The ids the examples point at: real rows, the diner's own and another diner's. */
export interface FuzzIds {
  restaurantId: string;
  tableId: string;
  offerId: string;
  bookingDate: string;
  /** A Google ID token the suite's mock issuer signed, for the native sign-in endpoint. */
  googleIdToken: string;
  me: { userId: string; email: string; reservationId: string };
  other: { userId: string; email: string; reservationId: string };
}

/** Empty ids, for reading the catalog's keys and flags where no request is sent. */
export const PLACEHOLDER_IDS: FuzzIds = {
  restaurantId: "",
  tableId: "",
  offerId: "",
  bookingDate: "",
  googleIdToken: "",
  me: { userId: "", email: "", reservationId: "" },
  other: { userId: "", email: "", reservationId: "" },
};

/** Where the fuzz suite's browser "subscribes": an allowed origin (PUSH_EXTRA_ORIGINS) with no server. */
export const FUZZ_PUSH_ORIGIN = "https://127.0.0.1:9";
const FUZZ_PUSH_SUBSCRIPTION = {
  endpoint: `${FUZZ_PUSH_ORIGIN}/push/fuzz`,
  keys: {
    p256dh: "BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM",
    auth: "tBHItJI5svbpez7KI4CCXg",
  },
};

export function endpointCatalog(ids: FuzzIds): Record<string, EndpointExample> {
  const { me } = ids;
  const person = { firstName: "Giulia", lastName: "Bianchi" };
  return {
    // Operations and documentation
    "GET /api/health": {},
    "GET /api/ready": {},
    "GET /metrics": { successNotJson: true },
    "GET /api/docs": { successNotJson: true },
    "GET /api/docs/json": {},
    "GET /api/docs/yaml": { successNotJson: true },
    "GET /api/docs/static/index.html": { successNotJson: true },
    "GET /api/docs/static/swagger-initializer.js": { successNotJson: true },
    "GET /api/docs/static/*": { params: { "*": "index.css" }, successNotJson: true },
    "GET /api/dev/outbox": { query: { to: me.email } },
    "GET /dev/mailbox": { successNotJson: true },
    // What link previews and search engines read, outside /api (decision 028)
    "GET /share/tavolo.png": { query: { lang: "en", v: "AbC-12_x" }, successNotJson: true },
    "GET /share/restaurants/:id.png": { params: { id: ids.restaurantId }, query: { lang: "it" }, successNotJson: true },
    "GET /share/lastminute/:id.png": { params: { id: ids.offerId }, query: { lang: "en" }, successNotJson: true },
    "GET /robots.txt": { successNotJson: true },
    "GET /sitemap.xml": { successNotJson: true },
    // A middle page of a section: both bounds given, as the index lists it.
    "GET /sitemaps/:section.xml": {
      params: { section: "restaurants" },
      query: { from: "00000000-0000-4000-8000-000000000000", before: "ffffffff-ffff-4fff-bfff-ffffffffffff" },
      successNotJson: true,
    },
    // Catalog reads
    // With a city and a position: fuzzing away the city searches around the position (lat, lng, radius).
    // With a date, time and party: every restaurant of the page lists its free start times (decision 024).
    "GET /api/client/searchRestaurantsByLocation": {
      query: {
        location: "milano",
        lat: "45.46",
        lng: "9.19",
        radius: "10",
        category: "all",
        page: "1",
        date: ids.bookingDate,
        time: "20:00",
        people: "2",
        sort: "relevance",
      },
    },
    "GET /api/client/filterRestaurantsByType": { query: { type: "trattoria" } },
    "GET /api/client/getRestaurant": { query: { restaurantId: ids.restaurantId } },
    "GET /api/client/getRestaurantById": { query: { restaurantId: ids.restaurantId } },
    "GET /api/client/getRestaurantById/:id": { params: { id: ids.restaurantId } },
    "GET /api/client/getAllAvailableCities": {},
    "GET /api/client/getAvailableTables/:id": {
      params: { id: ids.restaurantId },
      query: { date: ids.bookingDate, time: "20:00", people: "2" },
    },
    "GET /api/client/getAvailableSlots/:id": {
      params: { id: ids.restaurantId },
      query: { date: ids.bookingDate, people: "2" },
    },
    "GET /api/client/getAvailableLastMinute": { query: { category: "all", lat: "45.46", lng: "9.19", radius: "10" } },
    "GET /api/client/getLastMinuteByCity": { query: { city: "milano", includeNearbyCities: "true", radius: "10" } },
    "GET /api/client/getLastMinuteById/:id": { params: { id: ids.offerId } },
    // Accounts
    "POST /api/client/register": {
      body: { email: "fuzz.new@example.it", password: STRONG_PASSWORD, ...person, termsAccepted: true },
    },
    // `code` (the step-up of decision 036) in the seed, so the fuzzer mutates it too.
    "POST /api/client/login": { body: { email: me.email, password: STRONG_PASSWORD, code: "123456" } },
    "POST /api/client/login-with-token": { body: { email: me.email, token: "a".repeat(43) } },
    "POST /api/client/refresh-token": { body: { refreshToken: "a".repeat(43) } },
    "POST /api/client/logout": { body: { refreshToken: "a".repeat(43) } },
    "POST /api/client/verify-email": { body: { email: me.email, actionCode: "123456" } },
    "POST /api/client/verify-email-otp": { body: { email: me.email, otp: "123456" } },
    "GET /api/client/verify-email-and-login": { query: { token: "a".repeat(43), email: me.email }, writes: true },
    "POST /api/client/resend-email-otp": { body: { email: me.email } },
    "POST /api/client/resend-verification-email": { body: { email: me.email } },
    "POST /api/client/request-password-reset": { body: { email: me.email } },
    "POST /api/client/reset-password": { body: { token: "a".repeat(43), newPassword: "Tavolo#2026" } },
    "POST /api/client/auth/google": { body: { idToken: ids.googleIdToken, registration: true, termsAccepted: true } },
    "GET /api/auth/google/status": {},
    "GET /api/auth/google/redirect": { query: { registration: "true", terms_accepted: "1" }, writes: true },
    "GET /api/auth/google/callback": { query: { code: "abc", state: "xyz" }, writes: true },
    "POST /api/auth/google/code": { body: { code: "abc" } },
    // The signed-in diner
    "GET /api/client/user-profile": { auth: true },
    "GET /api/client/getUserProfile": { auth: true, query: { userId: me.userId } },
    "GET /api/client/getUserProfile/:id": { auth: true, params: { id: me.userId } },
    "GET /api/client/users/:id/profile": { auth: true, params: { id: me.userId } },
    "POST /api/client/createUserProfile": { auth: true, body: { userId: me.userId, ...person } },
    "PUT /api/client/updateProfile/:id": { auth: true, params: { id: me.userId }, body: { firstName: "Anna" } },
    "POST /api/client/change-password": {
      auth: true,
      body: { currentPassword: STRONG_PASSWORD, newPassword: "Tavolo#2026xy" },
    },
    "POST /api/client/request-email-change": { auth: true, body: { newEmail: "fuzz.changed@example.it" } },
    "POST /api/client/verify-phone/start": {
      auth: true,
      body: { userId: me.userId, phoneNumber: "+393331234567" },
    },
    "POST /api/client/verify-phone/confirm": { auth: true, body: { userId: me.userId, otp: "123456" } },
    "GET /api/client/notification-settings": { auth: true },
    "PUT /api/client/notification-settings": {
      auth: true,
      body: { enabled: true, favoriteRestaurants: false, weekendsOnly: true },
    },
    // The diner's own data (decision 021). A wrong password: the diner must outlive the case, or the
    // broken-body checks would meet a 401 before the body is read.
    "GET /api/client/account/export": { auth: true },
    "DELETE /api/client/account": { auth: true, body: { password: "Sbagliata#2025", code: "123456" } },
    "POST /api/client/account/deletion-code": { auth: true },
    "GET /api/client/favorites": { auth: true },
    "PUT /api/client/favorites/:restaurantId": { auth: true, params: { restaurantId: ids.restaurantId } },
    "DELETE /api/client/favorites/:restaurantId": { auth: true, params: { restaurantId: ids.restaurantId } },
    "GET /api/client/city-interests": { auth: true },
    "POST /api/client/registerCityAvailabilityInterest": {
      auth: true,
      body: { city: "milano", includeNearbyCities: true, radius: 10 },
    },
    "GET /api/client/alerts/unsubscribe": { query: { token: "x.y" }, successNotJson: true },
    "POST /api/client/alerts/unsubscribe": { query: { token: "x.y" }, successNotJson: true },
    "DELETE /api/client/city-interests/:city": { auth: true, params: { city: "milano" } },
    // Bookings
    "POST /api/client/makeReservation": {
      auth: true,
      body: {
        restaurantId: ids.restaurantId,
        tableId: ids.tableId,
        date: ids.bookingDate,
        time: "13:00",
        numberOfPeople: 2,
        specialRequests: "",
      },
    },
    "POST /api/client/bookLastMinute": { auth: true, body: { lastMinuteId: ids.offerId, people: 2, notes: "" } },
    // The diner's own booking (20:00 on the booking date) moved to 21:00; without a table the server picks one.
    "POST /api/client/modifyReservation/:id": {
      auth: true,
      params: { id: me.reservationId },
      body: { date: ids.bookingDate, time: "21:00", numberOfPeople: 2, tableId: ids.tableId },
    },
    // Where that booking could move: its own 20:00 seating counts free (decision 032).
    "GET /api/client/getAvailableTablesForMove/:id": {
      auth: true,
      params: { id: me.reservationId },
      query: { date: ids.bookingDate, time: "20:30", people: "2" },
    },
    "POST /api/client/cancelReservation/:id": { auth: true, params: { id: me.reservationId } },
    "GET /api/client/getUserReservations/:userId": { auth: true, params: { userId: me.userId } },
    // The waitlist (decision 029): a window on the booking date; the ids of a booking stand in for
    // an entry and a hold (a 404 when valid, since a booking is neither).
    "POST /api/client/waitlist": {
      auth: true,
      body: { restaurantId: ids.restaurantId, date: ids.bookingDate, timeFrom: "19:00", timeTo: "21:00", people: 2 },
    },
    "GET /api/client/waitlist": { auth: true },
    "DELETE /api/client/waitlist/:id": { auth: true, params: { id: me.reservationId } },
    "POST /api/client/holds/:id/confirm": { auth: true, params: { id: me.reservationId } },
    "POST /api/client/holds/:id/decline": { auth: true, params: { id: me.reservationId } },
    "POST /api/client/holds/confirm-by-link": { body: { token: "a".repeat(43) } },
    "GET /api/client/holds/by-link": { query: { token: "a".repeat(43) } },
    // Web Push (decision 045): the endpoint is on the suite's extra origin, where nothing listens.
    "GET /api/client/push/public-key": {},
    "POST /api/client/push/subscriptions": { auth: true, body: FUZZ_PUSH_SUBSCRIPTION },
    "DELETE /api/client/push/subscriptions": { auth: true, body: { endpoint: FUZZ_PUSH_SUBSCRIPTION.endpoint } },
    // Reminder links (decision 046): a well-formed token that names no link (a 404 when valid).
    "GET /api/client/reservations/reminder-link": { query: { token: "a".repeat(43) } },
    "POST /api/client/reservations/attend-by-link": { body: { token: "a".repeat(43) } },
    "POST /api/client/reservations/release-by-link": { body: { token: "a".repeat(43) } },
  };
}

/**
 * Object-level checks: the diner's token with another diner's ids. Each must be refused (403/404)
 * and change nothing.
 */
export function foreignCalls(
  ids: Omit<FuzzIds, "me" | "googleIdToken">,
): { method: "GET" | "POST" | "PUT" | "DELETE"; url: string; body?: Json }[] {
  const { other } = ids;
  return [
    { method: "GET", url: `/api/client/getUserReservations/${other.userId}` },
    { method: "POST", url: `/api/client/cancelReservation/${other.reservationId}` },
    { method: "GET", url: `/api/client/getAvailableTablesForMove/${other.reservationId}?date=${ids.bookingDate}` },
    { method: "DELETE", url: `/api/client/waitlist/${other.reservationId}` },
    { method: "POST", url: `/api/client/holds/${other.reservationId}/confirm` },
    { method: "POST", url: `/api/client/holds/${other.reservationId}/decline` },
    {
      method: "POST",
      url: `/api/client/modifyReservation/${other.reservationId}`,
      body: { date: ids.bookingDate, time: "21:00", numberOfPeople: 2 },
    },
    { method: "GET", url: `/api/client/getUserProfile/${other.userId}` },
    { method: "GET", url: `/api/client/getUserProfile?userId=${other.userId}` },
    { method: "GET", url: `/api/client/users/${other.userId}/profile` },
    { method: "PUT", url: `/api/client/updateProfile/${other.userId}`, body: { firstName: "Mallory" } },
    {
      method: "POST",
      url: "/api/client/createUserProfile",
      body: { userId: other.userId, firstName: "M", lastName: "X" },
    },
    {
      method: "POST",
      url: "/api/client/verify-phone/start",
      body: { userId: other.userId, phoneNumber: "+393331234567" },
    },
    { method: "POST", url: "/api/client/verify-phone/confirm", body: { userId: other.userId, otp: "123456" } },
    {
      method: "POST",
      url: "/api/client/makeReservation",
      body: {
        userId: other.userId,
        restaurantId: ids.restaurantId,
        tableId: ids.tableId,
        date: ids.bookingDate,
        time: "21:00",
        numberOfPeople: 2,
      },
    },
    {
      method: "POST",
      url: "/api/client/bookLastMinute",
      body: { userId: other.userId, lastMinuteId: ids.offerId, people: 1 },
    },
  ];
}
