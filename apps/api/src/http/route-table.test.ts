import { describe, expect, it } from "vitest";
import type { ApiRoute } from "@tavolo/shared/api-routes";
import { useTestApp } from "../../test/test-app";
import { routeKey, routeRecorder } from "../fuzz/fuzz-requests";

/**
 * Every route of the shared route table the web calls through (decision 051). The type makes tsc
 * refuse a key the table lacks or a missing one, so this list is the table's own.
 */
const TABLE_ROUTES: Record<ApiRoute, true> = {
  "GET /client/searchRestaurantsByLocation": true,
  "GET /client/getRestaurantById/:id": true,
  "GET /client/getAllAvailableCities": true,
  "GET /client/getAvailableTables/:id": true,
  "GET /client/getAvailableSlots/:id": true,
  "GET /client/getAvailableLastMinute": true,
  "GET /client/getLastMinuteByCity": true,
  "GET /client/getLastMinuteById/:id": true,
  "POST /client/bookLastMinute": true,
  "POST /client/registerCityAvailabilityInterest": true,
  "GET /client/city-interests": true,
  "DELETE /client/city-interests/:city": true,
  "POST /client/makeReservation": true,
  "POST /client/modifyReservation/:id": true,
  "GET /client/getAvailableTablesForMove/:id": true,
  "POST /client/cancelReservation/:id": true,
  "GET /client/getUserReservations/:userId": true,
  "GET /client/reservations/reminder-link": true,
  "POST /client/reservations/attend-by-link": true,
  "POST /client/reservations/release-by-link": true,
  "POST /client/waitlist": true,
  "GET /client/waitlist": true,
  "DELETE /client/waitlist/:id": true,
  "POST /client/holds/:id/confirm": true,
  "POST /client/holds/:id/decline": true,
  "GET /client/holds/by-link": true,
  "POST /client/holds/confirm-by-link": true,
  "GET /client/favorites": true,
  "PUT /client/favorites/:restaurantId": true,
  "DELETE /client/favorites/:restaurantId": true,
  "POST /client/register": true,
  "POST /client/login": true,
  "POST /client/login-with-token": true,
  "POST /client/refresh-token": true,
  "POST /client/logout": true,
  "POST /client/verify-email-otp": true,
  "POST /client/verify-email": true,
  "POST /client/resend-email-otp": true,
  "POST /client/request-password-reset": true,
  "POST /client/reset-password": true,
  "GET /auth/google/status": true,
  "POST /auth/google/code": true,
  "POST /client/auth/google": true,
  "GET /client/user-profile": true,
  "GET /client/getUserProfile/:id": true,
  "PUT /client/updateProfile/:id": true,
  "POST /client/verify-phone/start": true,
  "POST /client/verify-phone/confirm": true,
  "POST /client/request-email-change": true,
  "POST /client/change-password": true,
  "GET /client/notification-settings": true,
  "PUT /client/notification-settings": true,
  "GET /client/account/export": true,
  "DELETE /client/account": true,
  "POST /client/account/deletion-code": true,
  "GET /client/push/public-key": true,
  "POST /client/push/subscriptions": true,
  "DELETE /client/push/subscriptions": true,
};

const recorder = routeRecorder();
const t = useTestApp({ onRoute: recorder.onRoute });

describe("the web's route table", () => {
  it("names only routes this API serves, with the method it serves them by", () => {
    expect(t.app).toBeDefined();
    const served = new Set(recorder.routes.keys());
    const missing = Object.keys(TABLE_ROUTES)
      .map((route) => {
        const [method, path] = route.split(" ") as [string, string];
        return routeKey(method, `/api${path}`);
      })
      .filter((key) => !served.has(key));
    expect(missing).toEqual([]);
  });
});
