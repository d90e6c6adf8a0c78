import { describe, expect, it } from "vitest";
import { accountExportSchema, type AccountExport } from "@tavolo/shared/account-data";
import { DEFAULT_NOTIFICATION_SETTINGS } from "@tavolo/shared/account";
import { exportAccount, fullDiner, SECRET_REQUEST, type FullDiner } from "../../../test/account-data-helpers";
import { login } from "../../../test/auth-helpers";
import { addOffer, offerClosingIn } from "../../../test/offer-helpers";
import { createBookingFixture, diner } from "../../../test/reservation-helpers";
import { useFixture, useTestApp } from "../../../test/test-app";

const t = useTestApp();
const f = useFixture(async () => {
  const restaurants = await createBookingFixture(t);
  return { restaurants, offerId: await addOffer(t, offerClosingIn(restaurants.allDay.id, 180)) };
});
const ottavia = useFixture<FullDiner>(() => fullDiner(t, { ...f, day: 2, language: "en" }));

describe("GET /api/client/account/export", () => {
  it("is a download named tavolo-<today>.json that nothing may cache", async () => {
    const res = await exportAccount(t, ottavia.headers);
    expect(res.statusCode).toBe(200);
    const today = new Date().toISOString().slice(0, 10);
    expect(res.headers["content-disposition"]).toBe(`attachment; filename="tavolo-${today}.json"`);
    expect(res.headers["content-type"]).toMatch(/^application\/json/);
    expect(res.headers["cache-control"]).toMatch(/no-store/);
    expect(accountExportSchema.safeParse(res.json()).success).toBe(true);
  });

  it("holds every kind of data the diner has: profile, bookings, favorites, settings, alerts, sign-in, sessions, mail", async () => {
    // A second device, so the export lists two sessions and marks the one that asked.
    await login(t.app, ottavia.email);
    const data = (await exportAccount(t, ottavia.headers)).json() as AccountExport;

    expect(data.profile).toMatchObject({
      id: ottavia.userId,
      email: ottavia.email,
      firstName: ottavia.firstName,
      lastName: ottavia.lastName,
      phoneNumber: ottavia.phone,
      phoneVerified: true,
      emailVerified: false,
      language: "en",
      termsAccepted: true,
      newsletterSubscribed: false,
      authProvider: "password",
    });
    expect(data.signInMethods).toEqual({ password: true, google: false });

    expect(data.reservations.map((booking) => booking.id).sort()).toEqual(
      [ottavia.upcomingTable.id, ottavia.pastBooking].sort(),
    );
    expect(data.reservations.find((booking) => booking.id === ottavia.upcomingTable.id)).toMatchObject({
      restaurantName: "Trattoria Sempre Aperta",
      city: "Milan",
      date: ottavia.upcomingTable.date,
      time: "20:00",
      numberOfPeople: 3,
      status: "confirmed",
      specialRequests: SECRET_REQUEST,
      tableNumber: 2,
      lastMinuteId: null,
    });
    expect(data.reservations.find((booking) => booking.id === ottavia.pastBooking)?.status).toBe("completed");
    expect(data.offerBookings).toEqual([
      expect.objectContaining({
        id: ottavia.offerBooking,
        lastMinuteId: f.offerId,
        numberOfPeople: 2,
        status: "confirmed",
      }),
    ]);

    expect(data.favorites).toEqual([
      expect.objectContaining({ restaurantId: f.restaurants.dinner.id, restaurantName: "Osteria del Lunedì" }),
    ]);
    expect(data.notificationSettings).toEqual({
      ...DEFAULT_NOTIFICATION_SETTINGS,
      enabled: true,
      favoriteRestaurants: true,
      weekendsOnly: true,
    });
    expect(data.cityAlerts).toEqual([{ city: "Milan", citySlug: "milano", includeNearbyCities: true, radiusKm: 15 }]);

    expect(data.sessions).toHaveLength(2);
    expect(data.sessions.filter((session) => session.current)).toHaveLength(1);
    expect(JSON.stringify(data)).not.toContain(ottavia.refreshToken);

    // Registration's verification code and the booking confirmations, by subject and date.
    expect(data.emails.length).toBeGreaterThanOrEqual(3);
    for (const mail of data.emails) {
      expect(mail.subject).not.toBe("");
      expect(Date.parse(mail.sentAt)).toBeGreaterThan(Date.now() - 60 * 60_000);
    }
  });

  it("answers each diner with their own data only, and nobody signed out", async () => {
    const other = await diner(t);
    const theirs = (await exportAccount(t, other.headers)).json() as AccountExport;
    expect(theirs.profile.id).toBe(other.userId);
    expect(JSON.stringify(theirs)).not.toContain(ottavia.email);
    expect(theirs.reservations).toEqual([]);

    const anonymous = await exportAccount(t, {});
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ success: false, code: "unauthorized" });
    // A route that takes no id cannot be pointed at someone else.
    const withQuery = await t.app.inject({
      method: "GET",
      url: `/api/client/account/export?userId=${ottavia.userId}`,
      headers: other.headers,
    });
    expect((withQuery.json() as AccountExport).profile.id).toBe(other.userId);
  });
});
