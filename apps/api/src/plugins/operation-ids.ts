/**
 * The OpenAPI `operationId` of every route, keyed "METHOD /fastify/path" (decision 043). SDK generators
 * name their methods after it, so a call SPEC §7 names keeps that name (`makeReservation`,
 * `getRestaurantById`); the aliases SPEC §3 accepts get a suffix. A route missing here fails
 * api-docs.test.ts: add it when adding the route.
 */
export const OPERATION_IDS: Readonly<Record<string, string>> = {
  "GET /api/health": "getHealth",
  "GET /api/ready": "getReadiness",
  "GET /metrics": "getMetrics",

  "GET /api/client/searchRestaurantsByLocation": "searchRestaurantsByLocation",
  "GET /api/client/filterRestaurantsByType": "filterRestaurantsByType",
  "GET /api/client/getRestaurantById/:id": "getRestaurantById",
  "GET /api/client/getRestaurantById": "getRestaurantByIdQuery",
  "GET /api/client/getRestaurant": "getRestaurant",
  "GET /api/client/getAllAvailableCities": "getAllAvailableCities",

  "POST /api/client/register": "register",
  "POST /api/client/login": "login",
  "POST /api/client/login-with-token": "loginWithToken",
  "POST /api/client/refresh-token": "refreshToken",
  "POST /api/client/logout": "logout",
  "POST /api/client/verify-email-otp": "verifyEmailOtp",
  "POST /api/client/resend-email-otp": "resendEmailOtp",
  "POST /api/client/verify-email": "verifyEmail",
  "POST /api/client/resend-verification-email": "resendVerificationEmail",
  "GET /api/client/verify-email-and-login": "verifyEmailAndLogin",
  "POST /api/client/request-password-reset": "requestPasswordReset",
  "POST /api/client/reset-password": "resetPassword",

  "GET /api/client/getUserProfile/:id": "getUserProfile",
  "GET /api/client/getUserProfile": "getUserProfileQuery",
  "GET /api/client/users/:id/profile": "getUsersProfile",
  "GET /api/client/user-profile": "getCurrentUserProfile",
  "POST /api/client/createUserProfile": "createUserProfile",
  "PUT /api/client/updateProfile/:id": "updateProfile",

  "POST /api/client/auth/google": "signInWithGoogleIdToken",
  "GET /api/auth/google/status": "getGoogleSignInStatus",
  "GET /api/auth/google/redirect": "googleRedirect",
  "GET /api/auth/google/callback": "googleCallback",
  "POST /api/auth/google/code": "googleCode",

  "POST /api/client/verify-phone/start": "verifyPhoneStart",
  "POST /api/client/verify-phone/confirm": "verifyPhoneConfirm",
  "POST /api/client/request-email-change": "requestEmailChange",
  "POST /api/client/change-password": "changePassword",
  "GET /api/client/notification-settings": "getNotificationSettings",
  "PUT /api/client/notification-settings": "updateNotificationSettings",
  "GET /api/client/account/export": "exportAccount",
  "DELETE /api/client/account": "deleteAccount",
  "POST /api/client/account/deletion-code": "requestAccountDeletionCode",

  "GET /api/client/push/public-key": "getPushPublicKey",
  "POST /api/client/push/subscriptions": "subscribePush",
  "DELETE /api/client/push/subscriptions": "unsubscribePush",

  "GET /api/client/favorites": "getFavorites",
  "PUT /api/client/favorites/:restaurantId": "addFavorite",
  "DELETE /api/client/favorites/:restaurantId": "removeFavorite",

  "GET /api/client/getAvailableTables/:id": "getAvailableTables",
  "GET /api/client/getAvailableSlots/:id": "getAvailableSlots",
  "POST /api/client/makeReservation": "makeReservation",
  "POST /api/client/modifyReservation/:id": "modifyReservation",
  "GET /api/client/getAvailableTablesForMove/:id": "getAvailableTablesForMove",
  "POST /api/client/cancelReservation/:id": "cancelReservation",
  "GET /api/client/getUserReservations/:userId": "getUserReservations",

  "GET /api/client/getAvailableLastMinute": "getAvailableLastMinute",
  "GET /api/client/getLastMinuteByCity": "getLastMinuteByCity",
  "GET /api/client/getLastMinuteById/:id": "getLastMinuteById",
  "POST /api/client/bookLastMinute": "bookLastMinute",
  "POST /api/client/registerCityAvailabilityInterest": "registerCityAvailabilityInterest",
  "GET /api/client/city-interests": "getCityInterests",
  "DELETE /api/client/city-interests/:city": "deleteCityInterest",
  "GET /api/client/alerts/unsubscribe": "getAlertUnsubscribePage",
  "POST /api/client/alerts/unsubscribe": "unsubscribeAlert",

  "POST /api/client/holds/confirm-by-link": "confirmHoldByLink",
  "POST /api/client/waitlist": "joinWaitlist",
  "GET /api/client/waitlist": "getWaitlist",
  "DELETE /api/client/waitlist/:id": "leaveWaitlist",
  "POST /api/client/holds/:id/confirm": "confirmHold",
  "POST /api/client/holds/:id/decline": "declineHold",

  "GET /share/tavolo.png": "getShareCard",
  "GET /share/restaurants/:id.png": "getRestaurantShareCard",
  "GET /share/lastminute/:id.png": "getLastMinuteShareCard",
  "GET /robots.txt": "getRobotsTxt",
  "GET /sitemap.xml": "getSitemapIndex",
  "GET /sitemaps/:section.xml": "getSitemap",

  "GET /dev/mailbox": "getDevMailbox",
  "GET /api/dev/outbox": "getDevOutbox",
};
