import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../config";
import type { Database } from "../db/database";
import { createBookingFixture, diner, makeReservation, romeDate } from "../../test/reservation-helpers";
import { createTestApp, type TestApp } from "../../test/test-app";
import { createTestDatabase } from "../../test/test-database";

/**
 * DATABASE_READ_URL (decision 015): the public catalogue reads go to the replica, everything that
 * must see the latest write (availability, bookings) to the primary. The "replica" here is a second
 * database holding a catalogue the primary lacks, so the answers show which one was asked.
 */
describe("a catalogue read replica", () => {
  let replica: { database: Database; drop: () => Promise<void> };
  let t: TestApp;
  let restaurantId: string;
  let tableId: string;
  beforeAll(async () => {
    replica = await createTestDatabase();
    t = await createTestApp({ catalogueReplica: replica.database });
    // The restaurant exists on the replica only.
    const { allDay } = await createBookingFixture({ ...t, database: replica.database });
    restaurantId = allDay.id;
    tableId = allDay.tables[1]!;
  });
  afterAll(async () => {
    await t?.close();
    await replica?.drop();
  });

  it("serves search and restaurant pages", async () => {
    const page = await t.app.inject(`/api/client/getRestaurantById/${restaurantId}`);
    expect(page.statusCode).toBe(200);
    expect(page.json().restaurant.name).toBe("Trattoria Sempre Aperta");
    const search = await t.app.inject("/api/client/searchRestaurantsByLocation?location=milano");
    expect(search.statusCode).toBe(200);
    expect(search.json().total).toBe(2);
  });

  it("is not asked for availability or bookings, which need the latest writes", async () => {
    const tables = await t.app.inject(`/api/client/getAvailableTables/${restaurantId}?date=${romeDate(1)}`);
    expect(tables.statusCode, tables.body).toBe(404);
    expect(tables.json().code).toBe("restaurant_not_found");
    const booking = await makeReservation(t, await diner(t), {
      restaurantId,
      tableId,
      date: romeDate(1),
      time: "20:00",
      numberOfPeople: 2,
    });
    expect(booking.statusCode, booking.body).toBe(404);
    expect(booking.json().code).toBe("restaurant_not_found");
  });

  it("is part of readiness", async () => {
    expect((await t.app.inject("/api/ready")).json()).toMatchObject({ status: "ready", replica: "ok" });
    await replica.database.close();
    const res = await t.app.inject("/api/ready");
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ code: "not_ready", database: t.database.kind, replica: "unreachable" });
  });

  it("needs a primary", () => {
    expect(() => loadConfig({ DATABASE_READ_URL: "postgres://replica/tavolo", JWT_SECRET: "x".repeat(32) })).toThrow(
      /DATABASE_READ_URL/,
    );
  });
});
