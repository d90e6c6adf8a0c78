import { beforeAll, describe, expect, it, type TestContext } from "vitest";
import { sql } from "kysely";
import { deleteAccount } from "../../../test/account-data-helpers";
import { addOffer, bookOffer, offerClosingIn, seatsOf } from "../../../test/offer-helpers";
import {
  createBookingFixture,
  diner,
  makeReservation,
  romeDate,
  type BookingFixture,
} from "../../../test/reservation-helpers";
import { useTestApp } from "../../../test/test-app";

/**
 * An account deletion is one transaction that locks the user row first (decision 021): whatever the
 * same diner does meanwhile, nothing is left half-done. Only a real PostgreSQL server runs these
 * requests concurrently; PGlite serialises them, so a race there proves nothing.
 */
const NOT_ON_PGLITE = "PGlite runs one statement at a time, so a race on it proves nothing: api-pg runs this";
const ROUNDS = 10;

const t = useTestApp();
let f: BookingFixture;
beforeAll(async () => {
  if (t.database.kind !== "postgres") return;
  f = await createBookingFixture(t);
});
const skipUnlessPostgres = (ctx: TestContext) => {
  if (t.database.kind !== "postgres") ctx.skip(NOT_ON_PGLITE);
};

async function count(query: ReturnType<typeof sql<{ n: number }>>): Promise<number> {
  return (await query.execute(t.database.db)).rows[0]!.n;
}

describe("deleting an account while the same diner acts", () => {
  it("answers exactly one of ten simultaneous deletions with 200, the rest 401, and sends one goodbye", async (ctx) => {
    skipUnlessPostgres(ctx);
    for (let round = 0; round < ROUNDS; round++) {
      const who = await diner(t);
      const answers = await Promise.all(Array.from({ length: 10 }, () => deleteAccount(t, who.headers)));
      const statuses = answers.map((res) => res.statusCode).sort();
      expect(statuses, `round ${round}: ${answers.map((res) => res.body).join("\n")}`).toEqual([
        200,
        ...Array<number>(9).fill(401),
      ]);
      expect(await count(sql`SELECT count(*)::int AS n FROM users WHERE id = ${who.userId}`)).toBe(0);
      expect(
        await count(sql`SELECT count(*)::int AS n FROM mail_outbox
          WHERE template = 'account-deleted' AND (lower(to_address) = lower(${who.email})
             OR to_address = 'sha256:' || encode(sha256(convert_to(lower(${who.email}), 'UTF8')), 'hex'))`),
      ).toBe(1);
    }
  });

  it("leaves no live booking behind when table and offer bookings race the deletion", async (ctx) => {
    skipUnlessPostgres(ctx);
    const offerId = await addOffer(t, offerClosingIn(f.allDay.id, 240, { totalSeats: 200 }));
    for (let round = 0; round < ROUNDS; round++) {
      const who = await diner(t);
      const date = romeDate(1 + round);
      const tableBookings = [1, 2, 3].flatMap((table) =>
        ["12:00", "18:00"].map((time) =>
          makeReservation(t, who, {
            restaurantId: f.allDay.id,
            tableId: f.allDay.tables[table],
            date,
            time,
            numberOfPeople: 1,
          }),
        ),
      );
      const offerBookings = Array.from({ length: 4 }, () => bookOffer(t, who, { lastMinuteId: offerId, people: 1 }));
      const [deletion, ...bookings] = await Promise.all([
        deleteAccount(t, who.headers),
        ...tableBookings,
        ...offerBookings,
      ]);
      expect(deletion.statusCode, deletion.body).toBe(200);
      for (const booking of bookings) {
        // Booked before the deletion (then cancelled by it) or refused as a deleted account: never a 500.
        expect([201, 401], booking.body).toContain(booking.statusCode);
      }
      // Nothing live without a diner, and nothing with the diner at all.
      expect(
        await count(sql`SELECT count(*)::int AS n FROM reservations
          WHERE user_id IS NULL AND status IN ('pending', 'confirmed') AND starts_at > now()`),
      ).toBe(0);
      expect(await count(sql`SELECT count(*)::int AS n FROM reservations WHERE user_id = ${who.userId}`)).toBe(0);
      const seats = await seatsOf(t, offerId);
      expect(seats.available + seats.booked, `round ${round}`).toBe(seats.total);
    }
    // Every table of those days is free again.
    const other = await diner(t);
    const again = await makeReservation(t, other, {
      restaurantId: f.allDay.id,
      tableId: f.allDay.tables[2],
      date: romeDate(1),
      time: "18:00",
      numberOfPeople: 2,
    });
    expect(again.statusCode, again.body).toBe(201);
  });
});
