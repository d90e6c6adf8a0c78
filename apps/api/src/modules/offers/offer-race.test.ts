import { beforeAll, describe, expect, it } from "vitest";
import fc from "fast-check";
import { sql } from "kysely";
import { post } from "../../../test/auth-helpers";
import { expectNoNegativeSeats, raceForLastSeats, type Send, skipUnlessPostgres } from "../../../test/booking-races";
import {
  addOffer,
  bookOffer,
  createOfferFixture,
  offerClosingIn,
  seatsOf,
  type OfferFixture,
} from "../../../test/offer-helpers";
import { diner, type Diner } from "../../../test/reservation-helpers";
import { useTestApp } from "../../../test/test-app";

/**
 * DESIGN §4: an offer is never oversold. Only a real PostgreSQL server runs these requests
 * concurrently; PGlite has one connection and serialises them, so a race there proves nothing.
 */
const ROUNDS = 20;
const SEATS = 3;

const t = useTestApp();
let f: OfferFixture;
let diners: Diner[];
beforeAll(async () => {
  if (t.database.kind !== "postgres") return;
  f = await createOfferFixture(t);
  diners = await Promise.all(Array.from({ length: 10 }, () => diner(t)));
});

describe("50 diners booking the last 3 seats at once", () => {
  it("lets exactly 3 win and answers the other 47 with 409 sold out, 20 rounds over", async (ctx) => {
    skipUnlessPostgres(t, ctx);
    const send: Send = (_, route, body, headers) => post(t.app, route, body, headers);
    for (let round = 0; round < ROUNDS; round++) {
      const offerId = await addOffer(t, offerClosingIn(f.milano, 60 + round, { totalSeats: SEATS }));
      await raceForLastSeats(t, send, diners, { id: offerId, seats: SEATS }, `round ${round}`);
    }
    await expectNoNegativeSeats(t);
  });

  it("would oversell without the conditional decrement: the CHECK is the last line and refuses it", async (ctx) => {
    skipUnlessPostgres(t, ctx);
    const offerId = await addOffer(t, offerClosingIn(f.milano, 90, { totalSeats: SEATS }));
    // A naive writer that subtracts without looking: the database still refuses to go below zero.
    await expect(
      sql`UPDATE offers SET available_seats = available_seats - 4 WHERE id = ${offerId}`.execute(t.database.db),
    ).rejects.toMatchObject({ code: "23514", constraint: "offers_available_seats_not_negative" });
    expect((await seatsOf(t, offerId)).available).toBe(SEATS);
  });
});

describe("one booking of the last seats sent 8 times at once with the same Idempotency-Key", () => {
  it("books once and answers every copy with that booking, 10 rounds over (decision 074)", async (ctx) => {
    skipUnlessPostgres(t, ctx);
    for (let round = 0; round < 10; round++) {
      const offerId = await addOffer(t, offerClosingIn(f.milano, 150 + round, { totalSeats: SEATS }));
      const copy = () =>
        bookOffer(t, diners[0]!, { lastMinuteId: offerId, people: SEATS }, { "idempotency-key": `last-${round}` });
      // The first copy takes every seat; the others queue on the offer's row and find none left, or
      // conflict on the key: either way the first's answer is theirs.
      const answers = await Promise.all(Array.from({ length: 8 }, copy));
      expect(
        answers.map((res) => res.statusCode),
        `round ${round}`,
      ).toEqual(Array<number>(8).fill(201));
      expect(new Set(answers.map((res) => res.body)).size, `round ${round}: one answer`).toBe(1);
      expect(answers.filter((res) => res.headers["idempotent-replayed"] === "true")).toHaveLength(7);
      expect(await seatsOf(t, offerId)).toEqual({ available: 0, booked: SEATS, total: SEATS });
    }
  });
});

type Step = { kind: "book"; diner: number; people: number } | { kind: "cancel"; pick: number };

describe("random concurrent book and cancel sequences (fast-check)", () => {
  it("always keep booked + available = total, never below zero", async (ctx) => {
    skipUnlessPostgres(t, ctx);
    const step: fc.Arbitrary<Step> = fc.oneof(
      fc.record({
        kind: fc.constant("book" as const),
        diner: fc.nat({ max: 9 }),
        people: fc.integer({ min: 1, max: 4 }),
      }),
      fc.record({ kind: fc.constant("cancel" as const), pick: fc.nat() }),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 12 }),
        // Batches of steps run concurrently; batches run one after the other.
        fc.array(fc.array(step, { minLength: 1, maxLength: 8 }), { minLength: 1, maxLength: 5 }),
        async (total, batches) => {
          const offerId = await addOffer(t, offerClosingIn(f.milano, 120, { totalSeats: total }));
          const booked: { id: string; who: Diner }[] = [];
          for (const batch of batches) {
            const results = await Promise.all(
              batch.map(async (s) => {
                if (s.kind === "book") {
                  const who = diners[s.diner]!;
                  const res = await bookOffer(t, who, { lastMinuteId: offerId, people: s.people });
                  if (res.statusCode === 201)
                    return { id: (res.json() as { reservation: { id: string } }).reservation.id, who };
                  expect(res.statusCode).toBe(409);
                  return null;
                }
                const target = booked[s.pick % Math.max(1, booked.length)];
                if (!target) return null;
                const res = await post(t.app, `/api/client/cancelReservation/${target.id}`, {}, target.who.headers);
                expect(res.statusCode).toBe(200);
                return null;
              }),
            );
            booked.push(...results.filter((r): r is { id: string; who: Diner } => r !== null));
            const seats = await seatsOf(t, offerId);
            expect(seats.available).toBeGreaterThanOrEqual(0);
            expect(seats.booked + seats.available).toBe(total);
          }
        },
      ),
      { numRuns: 25 },
    );
  });
});
