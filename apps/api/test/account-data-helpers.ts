import { expect } from "vitest";
import { sql } from "kysely";
import { bearer, register, STRONG_PASSWORD } from "./auth-helpers";
import { bookOffer } from "./offer-helpers";
import { uniqueName, uniquePhone } from "./personal-data";
import { makeReservation, romeDate, type BookingFixture } from "./reservation-helpers";
import type { TestApp } from "./test-app";

/** A diner with something of every kind the export lists and the deletion removes (decision 021). */
export interface FullDiner {
  userId: string;
  email: string;
  firstName: string;
  lastName: string;
  phone: string;
  token: string;
  refreshToken: string;
  headers: { authorization: string };
  upcomingTable: { id: string; tableId: string; date: string; time: string };
  offerBooking: string;
  pastBooking: string;
}

export const SECRET_REQUEST = "Allergia alle noci, tavolo vicino alla finestra";

export async function fullDiner(
  t: TestApp,
  places: { restaurants: BookingFixture; offerId: string; day: number; language?: "it" | "en" },
): Promise<FullDiner> {
  const firstName = uniqueName("Ottavia");
  const lastName = uniqueName("Serafini");
  const account = await register(t.app, { firstName, lastName, language: places.language ?? "it" });
  const headers = bearer(account.token);
  const who = { userId: account.userId, email: account.user.email, headers };
  const inject = (method: "POST" | "PUT", url: string, payload: object = {}) =>
    t.app.inject({ method, url, payload, headers });

  const phone = uniquePhone();
  expect((await inject("POST", "/api/client/verify-phone/start", { phoneNumber: phone })).statusCode).toBe(200);
  const sms = await t.app.inject({ method: "GET", url: `/api/dev/outbox?to=${encodeURIComponent(phone)}` });
  const code = /\b(\d{6})\b/.exec((sms.json() as { messages: { text: string }[] }).messages[0]!.text)![1]!;
  expect((await inject("POST", "/api/client/verify-phone/confirm", { otp: code })).statusCode).toBe(200);

  const allDay = places.restaurants.allDay;
  const upcomingTable = { tableId: allDay.tables[2]!, date: romeDate(places.day), time: "20:00" };
  const table = await makeReservation(t, who, {
    restaurantId: allDay.id,
    tableId: upcomingTable.tableId,
    date: upcomingTable.date,
    time: upcomingTable.time,
    numberOfPeople: 3,
    specialRequests: SECRET_REQUEST,
  });
  expect(table.statusCode, table.body).toBe(201);
  const past = await makeReservation(t, who, {
    restaurantId: allDay.id,
    tableId: allDay.tables[1]!,
    date: romeDate(places.day),
    time: "12:00",
    numberOfPeople: 2,
    specialRequests: `${SECRET_REQUEST} — ${firstName}`,
  });
  expect(past.statusCode, past.body).toBe(201);
  const pastBooking = (past.json() as { reservation: { id: string } }).reservation.id;
  // Seated a month or so ago: nothing the API can book, so the row is moved back in time.
  const daysAgo = 30 + places.day;
  await sql`UPDATE reservations SET starts_at = now() - make_interval(days => ${daysAgo}),
                                    ends_at = now() - make_interval(days => ${daysAgo}) + interval '90 minutes'
             WHERE id = ${pastBooking}`.execute(t.database.db);

  const offer = await bookOffer(t, who, { lastMinuteId: places.offerId, people: 2, notes: SECRET_REQUEST });
  expect(offer.statusCode, offer.body).toBe(201);
  expect((await inject("PUT", `/api/client/favorites/${places.restaurants.dinner.id}`)).statusCode).toBe(200);
  const settings = { enabled: true, favoriteRestaurants: true, weekendsOnly: true };
  expect((await inject("PUT", "/api/client/notification-settings", settings)).statusCode).toBe(200);
  const alert = await inject("POST", "/api/client/registerCityAvailabilityInterest", {
    city: "milano",
    includeNearbyCities: true,
    radius: 15,
  });
  expect(alert.statusCode, alert.body).toBe(200);

  return {
    userId: account.userId,
    email: account.user.email,
    firstName,
    lastName,
    phone,
    token: account.token,
    refreshToken: account.refreshToken,
    headers,
    upcomingTable: { id: (table.json() as { reservation: { id: string } }).reservation.id, ...upcomingTable },
    offerBooking: (offer.json() as { reservation: { id: string } }).reservation.id,
    pastBooking,
  };
}

export const deleteAccount = (
  t: TestApp,
  headers: Record<string, string>,
  body: object = { password: STRONG_PASSWORD },
) => t.app.inject({ method: "DELETE", url: "/api/client/account", payload: body, headers });

export const exportAccount = (t: TestApp, headers: Record<string, string>) =>
  t.app.inject({ method: "GET", url: "/api/client/account/export", headers });
