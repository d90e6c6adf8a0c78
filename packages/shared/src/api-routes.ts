import type { z } from "zod";
import type * as accountData from "./account-data";
import type * as account from "./account";
import type * as common from "./api-responses";
import type * as auth from "./auth";
import type * as favorites from "./favorites";
import type * as offers from "./offers";
import type * as push from "./push";
import type * as reminders from "./reminders";
import type * as reservations from "./reservations";
import type * as restaurants from "./restaurants";
import type * as waitlist from "./waitlist";

/**
 * The JSON routes clients call, keyed "METHOD /path under /api" with `:name` for path parameters, each
 * with what goes in (params, query, body: the schema's input, what a client may send) and the answer
 * (the schema's output, what the server sends). Types only (decision 051): a client that imports it
 * loads no zod, so the public pages stay zod-free (decision 012). The schemas are the API routes' own,
 * so the path and its answer cannot drift apart on either side.
 */

type In<S extends z.ZodType> = z.input<S>;
type Out<S extends z.ZodType> = z.output<S>;

type Message = Out<typeof common.messageResponseSchema>;
type RestaurantParams = In<typeof restaurants.restaurantIdParamsSchema>;
type ReservationParams = In<typeof reservations.reservationIdParamsSchema>;
type Profile = Out<typeof auth.profileResponseSchema>;
type UserProfile = Out<typeof auth.userProfileResponseSchema>;
type AuthSession = Out<typeof auth.authSessionResponseSchema>;
type LoginToken = Out<typeof auth.loginTokenResponseSchema>;
type FavoriteParams = { restaurantId: In<typeof restaurants.restaurantIdSchema> };
type HoldAnswer = Out<typeof waitlist.holdAnswerResponseSchema>;
type ReminderLinkAnswer = Out<typeof reminders.reminderLinkAnswerResponseSchema>;

export interface ApiRoutes {
  // Catalogue (public)
  "GET /client/searchRestaurantsByLocation": {
    query: In<typeof restaurants.searchRestaurantsQuerySchema>;
    answer: Out<typeof restaurants.searchRestaurantsResponseSchema>;
  };
  "GET /client/getRestaurantById/:id": {
    params: RestaurantParams;
    answer: Out<typeof restaurants.restaurantResponseSchema>;
  };
  "GET /client/getAllAvailableCities": { answer: Out<typeof restaurants.citiesResponseSchema> };
  "GET /client/getAvailableTables/:id": {
    params: RestaurantParams;
    query: In<typeof restaurants.availableTablesQuerySchema>;
    answer: Out<typeof restaurants.availableTablesResponseSchema>;
  };
  "GET /client/getAvailableSlots/:id": {
    params: RestaurantParams;
    query: In<typeof restaurants.availableSlotsQuerySchema>;
    answer: Out<typeof restaurants.availableSlotsResponseSchema>;
  };

  // Last Minute offers and city alerts
  "GET /client/getAvailableLastMinute": {
    query: In<typeof offers.availableLastMinuteQuerySchema>;
    answer: Out<typeof offers.lastMinuteListResponseSchema>;
  };
  "GET /client/getLastMinuteByCity": {
    query: In<typeof offers.lastMinuteByCityQuerySchema>;
    answer: Out<typeof offers.lastMinuteListResponseSchema>;
  };
  "GET /client/getLastMinuteById/:id": {
    params: In<typeof offers.lastMinuteIdParamsSchema>;
    answer: Out<typeof offers.lastMinuteOfferResponseSchema>;
  };
  "POST /client/bookLastMinute": {
    body: In<typeof offers.bookLastMinuteRequestSchema>;
    answer: Out<typeof offers.bookLastMinuteResponseSchema>;
  };
  "POST /client/registerCityAvailabilityInterest": {
    body: In<typeof offers.registerCityInterestRequestSchema>;
    answer: Out<typeof offers.registerCityInterestResponseSchema>;
  };
  "GET /client/city-interests": { answer: Out<typeof offers.cityInterestListResponseSchema> };
  "DELETE /client/city-interests/:city": {
    params: In<typeof offers.cityInterestParamsSchema>;
    answer: Out<typeof offers.cityInterestRemovedResponseSchema>;
  };

  // Bookings
  "POST /client/makeReservation": {
    body: In<typeof reservations.makeReservationRequestSchema>;
    answer: Out<typeof reservations.reservationResponseSchema>;
  };
  "POST /client/modifyReservation/:id": {
    params: ReservationParams;
    body: In<typeof reservations.modifyReservationRequestSchema>;
    answer: Out<typeof reservations.reservationResponseSchema>;
  };
  "GET /client/getAvailableTablesForMove/:id": {
    params: ReservationParams;
    query: In<typeof restaurants.availableTablesQuerySchema>;
    answer: Out<typeof restaurants.availableTablesResponseSchema>;
  };
  "POST /client/cancelReservation/:id": {
    params: ReservationParams;
    answer: Out<typeof reservations.reservationResponseSchema>;
  };
  "GET /client/getUserReservations/:userId": {
    params: In<typeof reservations.userReservationsParamsSchema>;
    answer: Out<typeof reservations.userReservationsResponseSchema>;
  };
  "GET /client/reservations/reminder-link": {
    query: In<typeof reminders.reminderLinkRequestSchema>;
    answer: Out<typeof reminders.reminderLinkDetailsResponseSchema>;
  };
  "POST /client/reservations/attend-by-link": {
    body: In<typeof reminders.reminderLinkRequestSchema>;
    answer: ReminderLinkAnswer;
  };
  "POST /client/reservations/release-by-link": {
    body: In<typeof reminders.reminderLinkRequestSchema>;
    answer: ReminderLinkAnswer;
  };

  // Waitlist and held tables
  "POST /client/waitlist": {
    body: In<typeof waitlist.joinWaitlistRequestSchema>;
    answer: Out<typeof waitlist.waitlistEntryResponseSchema>;
  };
  "GET /client/waitlist": { answer: Out<typeof waitlist.waitlistResponseSchema> };
  "DELETE /client/waitlist/:id": {
    params: In<typeof waitlist.waitlistEntryIdParamsSchema>;
    answer: Out<typeof waitlist.waitlistEntryResponseSchema>;
  };
  "POST /client/holds/:id/confirm": { params: In<typeof waitlist.holdIdParamsSchema>; answer: HoldAnswer };
  "POST /client/holds/:id/decline": { params: In<typeof waitlist.holdIdParamsSchema>; answer: HoldAnswer };
  "GET /client/holds/by-link": {
    query: In<typeof waitlist.confirmHoldByLinkRequestSchema>;
    answer: Out<typeof waitlist.holdLinkDetailsResponseSchema>;
  };
  "POST /client/holds/confirm-by-link": {
    body: In<typeof waitlist.confirmHoldByLinkRequestSchema>;
    answer: HoldAnswer;
  };

  // Favorites
  "GET /client/favorites": { answer: Out<typeof favorites.favoritesResponseSchema> };
  "PUT /client/favorites/:restaurantId": {
    params: FavoriteParams;
    answer: Out<typeof favorites.favoriteChangeResponseSchema>;
  };
  "DELETE /client/favorites/:restaurantId": {
    params: FavoriteParams;
    answer: Out<typeof favorites.favoriteChangeResponseSchema>;
  };

  // Sign-up, sign-in and sessions
  "POST /client/register": {
    body: In<typeof auth.registerRequestSchema>;
    answer: Out<typeof auth.registerResponseSchema>;
  };
  "POST /client/login": { body: In<typeof auth.loginRequestSchema>; answer: AuthSession };
  "POST /client/login-with-token": { body: In<typeof auth.loginWithTokenRequestSchema>; answer: AuthSession };
  "POST /client/refresh-token": {
    body: In<typeof auth.refreshTokenRequestSchema>;
    answer: Out<typeof auth.refreshTokenResponseSchema>;
  };
  "POST /client/logout": { body: In<typeof auth.logoutRequestSchema>; answer: Message };
  "POST /client/verify-email-otp": { body: In<typeof auth.verifyEmailOtpRequestSchema>; answer: LoginToken };
  "POST /client/verify-email": { body: In<typeof auth.verifyEmailRequestSchema>; answer: LoginToken };
  "POST /client/resend-email-otp": { body: In<typeof auth.resendEmailRequestSchema>; answer: Message };
  "POST /client/request-password-reset": {
    body: In<typeof auth.requestPasswordResetRequestSchema>;
    answer: Message;
  };
  "POST /client/reset-password": { body: In<typeof auth.resetPasswordRequestSchema>; answer: Message };
  "GET /auth/google/status": { answer: Out<typeof auth.googleStatusResponseSchema> };
  "POST /auth/google/code": { body: In<typeof auth.googleCodeRequestSchema>; answer: AuthSession };
  "POST /client/auth/google": { body: In<typeof auth.googleIdTokenRequestSchema>; answer: AuthSession };

  // Profile and settings
  "GET /client/user-profile": { answer: UserProfile };
  "GET /client/getUserProfile/:id": {
    params: In<typeof auth.userIdParamsSchema>;
    /** The settings screen's cache-busting parameter (SPEC §7): no schema reads it, no cache answers it. */
    query: { _t?: number };
    answer: Profile;
  };
  "PUT /client/updateProfile/:id": {
    params: In<typeof auth.userIdParamsSchema>;
    body: In<typeof auth.updateProfileRequestSchema>;
    answer: Profile;
  };
  "POST /client/verify-phone/start": {
    body: In<typeof account.verifyPhoneStartRequestSchema>;
    answer: Out<typeof account.verifyPhoneStartResponseSchema>;
  };
  "POST /client/verify-phone/confirm": {
    body: In<typeof account.verifyPhoneConfirmRequestSchema>;
    answer: Out<typeof account.verifyPhoneConfirmResponseSchema>;
  };
  "POST /client/request-email-change": {
    body: In<typeof account.requestEmailChangeRequestSchema>;
    answer: Message;
  };
  "POST /client/change-password": { body: In<typeof account.changePasswordRequestSchema>; answer: Message };
  "GET /client/notification-settings": { answer: Out<typeof account.notificationSettingsResponseSchema> };
  "PUT /client/notification-settings": {
    body: In<typeof account.notificationSettingsSchema>;
    answer: Out<typeof account.saveNotificationSettingsResponseSchema>;
  };
  // The paths of ACCOUNT_EXPORT_PATH, ACCOUNT_DELETE_PATH and ACCOUNT_DELETION_CODE_PATH.
  "GET /client/account/export": { answer: Out<typeof accountData.accountExportSchema> };
  "DELETE /client/account": {
    body: In<typeof accountData.deleteAccountRequestSchema>;
    answer: Out<typeof accountData.deleteAccountResponseSchema>;
  };
  "POST /client/account/deletion-code": { answer: Message };
  "GET /client/push/public-key": { answer: Out<typeof push.pushPublicKeyResponseSchema> };
  "POST /client/push/subscriptions": {
    body: In<typeof push.pushSubscriptionBodySchema>;
    answer: Out<typeof push.pushSubscriptionResponseSchema>;
  };
  "DELETE /client/push/subscriptions": {
    body: In<typeof push.deletePushSubscriptionBodySchema>;
    answer: Out<typeof push.pushSubscriptionResponseSchema>;
  };
}

export type ApiRoute = keyof ApiRoutes;
export type ApiMethod = ApiRoute extends `${infer M} ${string}` ? M : never;
/** The paths a method serves: `RoutePath<"GET">` is "/client/getRestaurantById/:id" | ... */
export type RoutePath<M extends ApiMethod> = ApiRoute extends infer R
  ? R extends `${M} ${infer P}`
    ? P
    : never
  : never;

type Part<R extends ApiRoute, F extends string> = ApiRoutes[R] extends Record<F, infer T> ? T : never;
/** The answer a route sends on success. */
export type RouteAnswer<R extends ApiRoute> = ApiRoutes[R]["answer"];
/** Path parameters (never when the path has none). */
export type RouteParams<R extends ApiRoute> = Part<R, "params">;
export type RouteQuery<R extends ApiRoute> = Part<R, "query">;
export type RouteBody<R extends ApiRoute> = Part<R, "body">;
