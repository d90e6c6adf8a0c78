import { describe, expect, it } from "vitest";
import { sql } from "kysely";
import { addDays, dateInZone, noonUtcOf } from "@tavolo/shared/dates";
import { importCatalog } from "../../catalog/import/catalog-import";
import { post } from "../../../test/auth-helpers";
import { createOfferFixture, publishOffer } from "../../../test/offer-helpers";
import { diner, ROME, type Diner } from "../../../test/reservation-helpers";
import { useFixture, useTestApp } from "../../../test/test-app";

const t = useTestApp();
const f = useFixture(() => createOfferFixture(t));

const interest = (who: Diner | null, body: Record<string, unknown>) =>
  post(t.app, "/api/client/registerCityAvailabilityInterest", body, who?.headers ?? {});

async function alertsTo(email: string) {
  const res = await t.app.inject({ method: "GET", url: `/api/dev/outbox?to=${encodeURIComponent(email)}` });
  return (res.json() as { messages: { template: string; subject: string; text: string }[] }).messages.filter(
    (message) => message.template === "offer-alert",
  );
}

/** The next date (from tomorrow) that is a weekday Monday–Thursday, and the next Saturday. */
function nextDate(accept: (weekday: number) => boolean): string {
  const today = dateInZone(new Date(), ROME);
  for (let days = 1; ; days++) {
    const date = addDays(today, days);
    if (accept(noonUtcOf(date).getUTCDay())) return date;
  }
}

const publish = (restaurantId: string, date: string) => publishOffer(t, restaurantId, date);

describe("registerCityAvailabilityInterest", () => {
  it("needs a signed-in diner, a known city and a radius from 1 to 50 km", async () => {
    expect((await interest(null, { city: "Milano" })).statusCode).toBe(401);
    const anna = await diner(t);
    expect((await interest(anna, { city: "Atlantide" })).statusCode).toBe(404);
    expect((await interest(anna, { city: "Milano", includeNearbyCities: true, radius: 70 })).json()).toMatchObject({
      error: "Il raggio deve essere tra 1 e 50 km",
    });
    const ok = await interest(anna, { city: "milan", includeNearbyCities: true, radius: 15 });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({
      success: true,
      message: "Ti avviseremo via email quando ci saranno offerte a Milano",
      interest: { citySlug: "milano", includeNearbyCities: true, radius: 15 },
    });
    // Asking again updates the wish rather than adding a second one.
    await interest(anna, { city: "Milano", includeNearbyCities: false });
    const rows = await sql<{ n: number; nearby: boolean }>`
      SELECT count(*)::int AS n, bool_and(include_nearby) AS nearby FROM city_interests WHERE user_id = ${anna.userId}`.execute(
      t.database.db,
    );
    expect(rows.rows[0]).toEqual({ n: 1, nearby: false });
  });
});

describe("alerts when offers are published", () => {
  it("mails the diners of the city and of nearby cities within their radius, as their settings allow", async () => {
    const inCity = await diner(t, { language: "en" });
    const nearbyWide = await diner(t);
    const nearbyNarrow = await diner(t);
    const switchedOff = await diner(t);
    const weekendsOnly = await diner(t);
    const elsewhere = await diner(t);
    await interest(inCity, { city: "Milano" });
    await interest(nearbyWide, { city: "Monza", includeNearbyCities: true, radius: 20 });
    await interest(nearbyNarrow, { city: "Monza", includeNearbyCities: true, radius: 10 });
    await interest(switchedOff, { city: "Milano" });
    await interest(weekendsOnly, { city: "Milano" });
    await interest(elsewhere, { city: "Bergamo" });
    await sql`INSERT INTO notification_settings (user_id, enabled) VALUES (${switchedOff.userId}, false)`.execute(
      t.database.db,
    );
    await sql`INSERT INTO notification_settings (user_id, weekends_only) VALUES (${weekendsOnly.userId}, true)`.execute(
      t.database.db,
    );

    const weekday = nextDate((day) => day >= 1 && day <= 4);
    const result = await publish(f.milano, weekday);
    expect(result.ok && result.newOfferIds).toHaveLength(1);
    await t.app.inject({ method: "GET", url: "/api/health" });

    const [mail] = await alertsTo(inCity.email);
    expect(mail?.subject).toBe("A new Last Minute offer in Milan");
    expect(mail?.text).toContain("Trattoria del Duomo (Milan)");
    expect(mail?.text).toMatch(/\/lastminute\/[0-9a-f-]{36}/);
    expect(await alertsTo(nearbyWide.email)).toHaveLength(1);
    expect(await alertsTo(nearbyNarrow.email)).toHaveLength(0);
    expect(await alertsTo(switchedOff.email)).toHaveLength(0);
    expect(await alertsTo(weekendsOnly.email)).toHaveLength(0);
    expect(await alertsTo(elsewhere.email)).toHaveLength(0);

    // A weekend offer reaches the weekends-only diner too; re-importing the same offer announces nothing.
    const saturday = nextDate((day) => day === 6);
    await publish(f.milano, saturday);
    expect(await alertsTo(weekendsOnly.email)).toHaveLength(1);
    expect(await alertsTo(inCity.email)).toHaveLength(2);
  });

  it("does not announce an offer again when an import updates it", async () => {
    const paolo = await diner(t);
    await interest(paolo, { city: "Bergamo" });
    const id = "5b0f8d8e-6f0a-4c43-9d7e-3f1b2c4d5e6f";
    const date = nextDate(() => true);
    const offer = {
      id,
      restaurantId: f.bergamo,
      date,
      bookUntil: "19:00",
      startTime: "19:30",
      endTime: "21:30",
      totalSeats: 4,
    };
    const first = await importCatalog(t.database.db, { offers: [offer] });
    const second = await importCatalog(t.database.db, { offers: [{ ...offer, totalSeats: 6 }] });
    expect(first.ok && first.newOfferIds).toEqual([id]);
    expect(second.ok && second.newOfferIds).toEqual([]);
    await t.app.announceOffers(first.ok ? first.newOfferIds : []);
    await t.app.announceOffers(second.ok ? second.newOfferIds : []);
    expect(await alertsTo(paolo.email)).toHaveLength(1);
  });
});
