import { describe, expect, it } from "vitest";
import { sql } from "kysely";
import { importCatalog } from "../../catalog/import/catalog-import";
import { generateOffers } from "../../catalog/seed/offer-generator";
import { refreshDemoOffers } from "../../catalog/seed/seed";
import { addDays, wallClockOf } from "@tavolo/shared/dates";
import { offerInstants } from "./offer-writes.repository";
import { bookOffer, createOfferFixture, seatsOf, tomorrowInRome } from "../../../test/offer-helpers";
import { diner, everyDay } from "../../../test/reservation-helpers";
import { seatingHoursProblem } from "@tavolo/shared/opening-hours";
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

  it("refuses an offer outside its restaurant's opening hours, saying which hours", async () => {
    // The fixture's restaurants open 00:00–23:45 every day; this one opens for dinner, not on Monday.
    const id = "6a0f7c1e-2b3d-4c5e-8f9a-0b1c2d3e4f5a";
    const dinnerPlace = {
      id,
      name: "Osteria della Sera",
      type: "osteria",
      city: "Milano",
      categories: ["italiano"],
      address: "Via Brera 1, Milano",
      phone: "+39 02 1234567",
      lat: 45.47,
      lng: 9.19,
      openingHours: { ...everyDay({ open: "19:00", close: "23:00" }), monday: null },
      tables: [{ number: 1, capacity: 4 }],
    };
    const offer = {
      restaurantId: id,
      date: "2030-01-08",
      bookUntil: "18:30",
      startTime: "19:30",
      endTime: "21:00",
      totalSeats: 4,
    };
    const result = await importCatalog(t.database.db, {
      restaurants: [dinnerPlace],
      offers: [
        offer,
        { ...offer, bookUntil: "01:00", startTime: "01:00", endTime: "07:20" },
        { ...offer, startTime: "22:00", endTime: "23:30" },
        // 2030-01-07 is a Monday, its closing day.
        { ...offer, date: "2030-01-07" },
      ],
    });
    expect(result).toEqual({
      ok: false,
      problems: [
        {
          where: "offers[1].startTime",
          message:
            "the seating 01:00–07:20 on tuesday 2030-01-08 is outside the restaurant's opening hours (19:00–23:00); offers must start and end within them",
        },
        {
          where: "offers[2].startTime",
          message: expect.stringContaining("outside the restaurant's opening hours (19:00–23:00)"),
        },
        {
          where: "offers[3].startTime",
          message: "the seating 19:30–21:00 on monday 2030-01-07 falls on the restaurant's closing day",
        },
      ],
    });
    // A stored restaurant's hours count the same way.
    expect(await importCatalog(t.database.db, { restaurants: [dinnerPlace], offers: [offer] })).toMatchObject({
      ok: true,
    });
    const later = await importCatalog(t.database.db, {
      offers: [{ ...offer, startTime: "12:00", endTime: "13:30", bookUntil: "11:00" }],
    });
    expect(later).toMatchObject({ ok: false, problems: [{ where: "offers[0].startTime" }] });
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
  const allDay = everyDay({ open: "12:00", close: "23:00" });
  const dinnerOnly = { ...everyDay({ open: "19:00", close: "23:30" }), monday: null };
  const lunchOnly = { ...everyDay({ open: "12:00", close: "15:00" }), sunday: null };
  const patterns = [dinnerOnly, allDay, lunchOnly];
  const restaurants = ["milano", "roma", "napoli"].flatMap((citySlug) =>
    Array.from({ length: 40 }, (_, i) => ({
      id: `00000000-0000-4000-8000-${citySlug.padEnd(8, "x")}${String(i).padStart(4, "0")}`,
      citySlug,
      timeZone: "Europe/Rome",
      openingHours: patterns[i % patterns.length]!,
    })),
  );

  it.each([
    "2026-11-23T09:00:00Z",
    "2026-11-23T19:40:00Z",
    "2026-11-23T22:52:00Z",
    "2026-11-24T00:30:00Z",
    "2026-03-29T00:30:00Z",
  ])("at %s: only real lunches and dinners of today and tomorrow, inside the hours, all still bookable", (iso) => {
    const now = new Date(iso);
    const today = wallClockOf(now, "Europe/Rome").date;
    const offers = generateOffers(restaurants, now);
    for (const offer of offers) {
      const restaurant = restaurants.find((r) => r.id === offer.restaurantId)!;
      expect(
        seatingHoursProblem(restaurant.openingHours, offer.date, offer.startTime, offer.endTime),
        JSON.stringify(offer),
      ).toBeNull();
      expect([today, addDays(today, 1)]).toContain(offer.date);
      expect(offer.bookUntil <= offer.startTime).toBe(true);
      expect(offer.startTime >= "12:00" && offer.endTime <= "23:30").toBe(true);
      expect(offerInstants(offer, "Europe/Rome").bookUntilAt.getTime()).toBeGreaterThan(now.getTime());
    }
    for (const city of ["milano", "roma", "napoli"]) {
      const mine = offers.filter((offer) => offer.restaurantId.includes(city.padEnd(8, "x")));
      expect(mine.length, city).toBeGreaterThanOrEqual(3);
      // The next service and a later one are both on offer.
      expect(
        new Set(mine.map((offer) => `${offer.date} ${offer.startTime < "16:00" ? "lunch" : "dinner"}`)).size,
      ).toBeGreaterThanOrEqual(2);
    }
    expect(generateOffers(restaurants, now)).toEqual(offers);
  });

  it("after midnight offers today's lunch at the earliest, never a seating in the night", () => {
    const offers = generateOffers(restaurants, new Date("2026-11-24T00:30:00Z"));
    expect(offers.length).toBeGreaterThan(0);
    expect(offers.every((offer) => offer.startTime >= "12:00")).toBe(true);
  });

  it("renews today's offers on a later start once the seed's have all expired", async () => {
    const yesterday = new Date(Date.now() - 26 * 3_600_000);
    const { upsertOffers } = await import("./offer-writes.repository");
    await upsertOffers(
      t.database.db,
      generateOffers(
        [
          {
            id: f.bergamo,
            citySlug: "bergamo",
            timeZone: "Europe/Rome",
            openingHours: everyDay({ open: "00:00", close: "23:45" }),
          },
        ],
        yesterday,
      ),
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
