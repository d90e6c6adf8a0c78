import { describe, expect, it } from "vitest";
import { sql } from "kysely";
import { importCatalog } from "../../db/import/catalog-import";
import { generateOffers } from "../../db/seed/offer-generator";
import { refreshDemoOffers } from "../../db/seed/seed";
import { addDays, wallClockOf } from "@tavolo/shared/dates";
import { offerInstants } from "./offer-writes.repository";
import { bookOffer, createOfferFixture, seatsOf, tomorrowInRome } from "../../../test/offer-helpers";
import { diner } from "../../../test/reservation-helpers";
import { useFixture, useTestApp } from "../../../test/test-app";

const t = useTestApp();
const f = useFixture(() => createOfferFixture(t));

describe("db:import of offers", () => {
  it("lists every bad offer with its place and imports nothing", async () => {
    const good = {
      restaurantId: f.milano,
      date: tomorrowInRome(),
      bookUntil: "19:00",
      startTime: "19:30",
      endTime: "21:30",
      totalSeats: 4,
    };
    const result = await importCatalog(t.database.db, {
      offers: [
        good,
        { ...good, restaurantId: "00000000-0000-4000-8000-000000000000" },
        { ...good, bookUntil: "20:00" },
        { ...good, totalSeats: 0 },
        { ...good, availableSeats: 9 },
        { ...good, startTime: "7pm" },
      ],
    });
    expect(result.ok).toBe(false);
    const places = !result.ok ? result.problems.map((problem) => problem.where) : [];
    expect(places).toEqual(
      expect.arrayContaining([
        "offers[2].bookUntil",
        "offers[3].totalSeats",
        "offers[4].availableSeats",
        "offers[5].startTime",
      ]),
    );
    const count = await sql<{ n: number }>`SELECT count(*)::int AS n FROM offers`.execute(t.database.db);
    expect(count.rows[0]!.n).toBe(0);
    const unknown = await importCatalog(t.database.db, {
      offers: [good, { ...good, restaurantId: "00000000-0000-4000-8000-000000000000" }],
    });
    expect(unknown).toEqual({
      ok: false,
      problems: [{ where: "offers[1].restaurantId", message: expect.stringContaining("unknown restaurant") }],
    });
  });

  it("keeps booked seats booked when an import updates the offer, and refuses a total below them", async () => {
    const id = "0c9a3a55-8d1e-4d7b-9a49-6a1c2b3d4e5f";
    const offer = {
      id,
      restaurantId: f.milano,
      date: tomorrowInRome(),
      bookUntil: "19:00",
      startTime: "19:30",
      endTime: "21:30",
      totalSeats: 4,
    };
    expect(await importCatalog(t.database.db, { offers: [offer] })).toMatchObject({ ok: true, offers: 1 });
    const sara = await diner(t);
    expect((await bookOffer(t, sara, { lastMinuteId: id, people: 3 })).statusCode).toBe(201);
    await importCatalog(t.database.db, { offers: [{ ...offer, totalSeats: 10 }] });
    expect(await seatsOf(t, id)).toEqual({ available: 7, booked: 3, total: 10 });
    const shrink = await importCatalog(t.database.db, { offers: [{ ...offer, totalSeats: 2 }] });
    expect(shrink).toMatchObject({ ok: false, problems: [{ where: "offers" }] });
    expect(await seatsOf(t, id)).toEqual({ available: 7, booked: 3, total: 10 });
  });

  it("moves an offer with its restaurant", async () => {
    await sql`UPDATE restaurants SET lat = 45.5, lng = 9.3 WHERE id = ${f.monza}`.execute(t.database.db);
    await importCatalog(t.database.db, {
      offers: [
        {
          restaurantId: f.monza,
          date: tomorrowInRome(),
          bookUntil: "19:00",
          startTime: "19:30",
          endTime: "21:30",
          totalSeats: 4,
        },
      ],
    });
    await sql`UPDATE restaurants SET lat = 45.58, lng = 9.27 WHERE id = ${f.monza}`.execute(t.database.db);
    const rows = await sql<{
      lat: number;
      lng: number;
    }>`SELECT lat, lng FROM offers WHERE restaurant_id = ${f.monza}`.execute(t.database.db);
    expect(rows.rows).toEqual([{ lat: 45.58, lng: 9.27 }]);
  });
});

describe("demo offers of the seed", () => {
  const restaurants = ["milano", "roma", "napoli"].flatMap((citySlug) =>
    Array.from({ length: 40 }, (_, i) => ({
      id: `00000000-0000-4000-8000-${citySlug.padEnd(8, "x")}${String(i).padStart(4, "0")}`,
      citySlug,
      timeZone: "Europe/Rome",
    })),
  );

  it.each(["2026-11-23T09:00:00Z", "2026-11-23T19:40:00Z", "2026-11-23T22:52:00Z", "2026-03-29T00:30:00Z"])(
    "at %s: in every city one closes within the hour, one later, one tomorrow, all still bookable",
    (iso) => {
      const now = new Date(iso);
      const offers = generateOffers(restaurants, now);
      for (const city of ["milano", "roma", "napoli"]) {
        const mine = offers.filter((offer) => restaurants.find((r) => r.id === offer.restaurantId)!.citySlug === city);
        const minutesLeft = mine.map(
          (offer) => (offerInstants(offer, "Europe/Rome").bookUntilAt.getTime() - now.getTime()) / 60_000,
        );
        expect(Math.min(...minutesLeft), city).toBeGreaterThan(0);
        expect(
          minutesLeft.some((m) => m <= 60),
          city,
        ).toBe(true);
        expect(
          minutesLeft.some((m) => m > 60 && m <= 6 * 60),
          city,
        ).toBe(true);
        expect(
          mine.some(
            (offer) => offer.date === addDays(wallClockOf(now, "Europe/Rome").date, 1) && offer.bookUntil >= "12:00",
          ),
          city,
        ).toBe(true);
      }
      expect(generateOffers(restaurants, now)).toEqual(offers);
    },
  );

  it("renews today's offers on a later start once the seed's have all expired", async () => {
    const yesterday = new Date(Date.now() - 26 * 3_600_000);
    const { upsertOffers } = await import("./offer-writes.repository");
    await upsertOffers(
      t.database.db,
      generateOffers([{ id: f.bergamo, citySlug: "bergamo", timeZone: "Europe/Rome" }], yesterday),
    );
    const renewed = await refreshDemoOffers(t.database.db);
    expect(renewed).toBe(1);
    const live = await sql<{
      n: number;
    }>`SELECT count(*)::int AS n FROM offers WHERE source = 'seed' AND book_until_at > now()`.execute(t.database.db);
    expect(live.rows[0]!.n).toBe(1);
    expect(await refreshDemoOffers(t.database.db)).toBe(0);
  });
});
