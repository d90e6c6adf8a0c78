import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { createBookingFixture } from "../../test/reservation-helpers";
import { useFixture, useTestApp } from "../../test/test-app";
import { liveHolds } from "../../test/waitlist-helpers";
import { changeEmail, registerDiner } from "./system-account-commands";
import {
  answer,
  bookTable,
  cancel,
  checkInvariants,
  emptyModel,
  expectNoTraceOf,
  join,
  lapseHolds,
  remove,
  resetWorld,
  type ModelDiner,
  type World,
} from "./system-model";

/** Sequences the model test found, shrunk, as plain regression tests (decision 037). */
const t = useTestApp({ env: { PUBLIC_CACHE_TTL_SECONDS: "0" } });
const f = useFixture(() => createBookingFixture(t));

async function dinerIn(w: World): Promise<ModelDiner> {
  const d = await registerDiner(w, undefined);
  if ("statusCode" in d) throw new Error(`register: ${d.statusCode}`);
  return d;
}

/** register ×2; bookTable(d0, 20:00, t3, 6p); join(d1, 20:00, 6p); cancel(d0) → d1 holds table 3. */
async function heldForSecondDiner() {
  const w = await resetWorld(t, f);
  const [d0, d1] = [await dinerIn(w), await dinerIn(w)];
  const booked = await bookTable(w, d0, "20:00", 3, 6);
  expect(booked.statusCode, booked.body).toBe(201);
  expect((await join(w, d1, "20:00", 6)).statusCode).toBe(201);
  expect((await cancel(w, d0, booked.json().reservation.id as string)).statusCode).toBe(200);
  const [hold] = await liveHolds(t);
  expect(hold?.user_id).toBe(d1.userId);
  return { w, d0, d1, holdId: hold!.id };
}

describe("model-found sequences", () => {
  // The deletion once failed on the hold's reference to its waitlist entry (a 500 and a rollback).
  for (const what of ["held", "declined", "confirmed", "lapsed"] as const) {
    it(`deleting a diner whose hold was ${what} succeeds and leaves no trace`, async () => {
      const { w, d1, holdId } = await heldForSecondDiner();
      if (what === "declined") expect((await answer(w, d1, holdId, "decline")).statusCode).toBe(200);
      if (what === "confirmed") expect((await answer(w, d1, holdId, "confirm")).statusCode).toBe(200);
      if (what === "lapsed") await lapseHolds(w);
      const res = await remove(w, d1);
      expect(res.statusCode, res.body).toBe(200);
      await expectNoTraceOf(w, emptyModel(), d1);
      await checkInvariants(w, { ...emptyModel() });
    });
  }

  // The resend throttle of the address a diner left (keyed "purpose:address") outlived the account:
  // neither the change nor the deletion, which knows only the current address, removed it.
  it("a diner who changed address and deleted the account leaves neither address behind", async () => {
    const w = await resetWorld(t, f);
    const d = await dinerIn(w);
    const { requested, followed, newEmail } = await changeEmail(w, d);
    expect(requested.statusCode, requested.body).toBe(200);
    expect(followed?.statusCode).toBe(302);
    const res = await remove(w, { ...d, email: newEmail });
    expect(res.statusCode, res.body).toBe(200);
    await expectNoTraceOf(w, emptyModel(), { ...d, email: newEmail, formerEmails: [d.email] });
  });

  // Two tables freed at once (a deletion of a diner with a booking and a hold): the earliest in line
  // gets the smallest that seats the party, and the large table stays free for a large party.
  it("a deletion that frees two tables gives the earliest waiting diner the smallest that fits", async () => {
    const w = await resetWorld(t, f);
    const m = emptyModel();
    for (let i = 0; i < 3; i += 1) m.diners.push(await dinerIn(w));
    const [d0, d1, d2] = m.diners as [ModelDiner, ModelDiner, ModelDiner];
    for (const [d, table, people] of [
      [d0, 1, 2],
      [d1, 2, 4],
      [d2, 3, 6],
    ] as const) {
      expect((await bookTable(w, d, "20:00", table, people)).statusCode).toBe(201);
    }
    expect((await join(w, d2, "20:00", 4)).statusCode).toBe(201);
    expect((await remove(w, d1)).statusCode).toBe(200); // table 2 → held for d2
    expect((await join(w, d0, "20:00", 1)).statusCode).toBe(201);
    expect((await remove(w, d2)).statusCode).toBe(200); // tables 2 (held) and 3 (booked) freed at once

    const holds = await liveHolds(t);
    expect(holds.map((hold) => [hold.user_id, hold.table_id])).toEqual([[d0.userId, f.allDay.tables[2]]]);
    const free = await t.app.inject({ url: `/api/client/getAvailableTables/${f.allDay.id}?date=${w.date}&time=20:00` });
    const table3 = (free.json() as { tables: { number: number; isAvailable: boolean }[] }).tables.find(
      (x) => x.number === 3,
    );
    expect(table3?.isAvailable).toBe(true);
  });

  // Two holds lapsing in one pass are tables freed at once: the worker once released them one by
  // one, so the earlier-lapsed large table went to a small party and the small one stayed free.
  it("holds that lapse together give the next waiting diner the smallest table that fits", async () => {
    const w = await resetWorld(t, f);
    const m = emptyModel();
    for (let i = 0; i < 6; i += 1) m.diners.push(await dinerIn(w));
    const [d0, d1, d2, d3, d4, d5] = m.diners as [
      ModelDiner,
      ModelDiner,
      ModelDiner,
      ModelDiner,
      ModelDiner,
      ModelDiner,
    ];
    const booked: string[] = [];
    for (const [d, table, people] of [
      [d0, 1, 2],
      [d1, 2, 4],
      [d2, 3, 6],
    ] as const) {
      const res = await bookTable(w, d, "20:00", table, people);
      expect(res.statusCode, res.body).toBe(201);
      booked.push(res.json().reservation.id as string);
    }
    for (const [d, people] of [
      [d3, 6],
      [d4, 4],
      [d5, 2],
    ] as const) {
      expect((await join(w, d, "20:00", people)).statusCode).toBe(201);
    }
    expect((await cancel(w, d2, booked[2]!)).statusCode).toBe(200); // table 3 → held for d3
    expect((await cancel(w, d1, booked[1]!)).statusCode).toBe(200); // table 2 → held for d4
    // Table 3's hold lapsed first: released one by one, it would go to d5 before table 2 is free.
    await sql`UPDATE reservations SET hold_expires_at = now() - (CASE WHEN table_id = ${f.allDay.tables[3]}
      THEN interval '2 seconds' ELSE interval '1 second' END) WHERE status = 'held'`.execute(t.database.db);
    await w.t.app.waitlistWorker.runOnce();

    const holds = await liveHolds(t);
    expect(holds.map((hold) => [hold.user_id, hold.table_id])).toEqual([[d5.userId, f.allDay.tables[2]]]);
  });

  // A diner who holds a table waits on in the other lines of the day (one hold per day); once the
  // hold is confirmed, the free table of the other seating was theirs only at the next sweep.
  it("confirming a hold gives the diner's other wait of the day its free table at once", async () => {
    const w = await resetWorld(t, f);
    const [owner, waiter] = [await dinerIn(w), await dinerIn(w)];
    const booked: Record<string, string> = {};
    for (const slot of ["12:00", "20:00"] as const) {
      for (const table of [1, 2, 3]) {
        const res = await bookTable(w, owner, slot, table, 2);
        expect(res.statusCode, res.body).toBe(201);
        booked[`${slot}#${table}`] = res.json().reservation.id as string;
      }
      expect((await join(w, waiter, slot, 2)).statusCode).toBe(201);
    }
    expect((await cancel(w, owner, booked["20:00#1"]!)).statusCode).toBe(200); // held for the waiter
    expect((await cancel(w, owner, booked["12:00#1"]!)).statusCode).toBe(200); // free: the waiter holds one
    const [evening] = await liveHolds(t);
    expect(evening?.user_id).toBe(waiter.userId);
    expect((await liveHolds(t)).length).toBe(1);

    expect((await answer(w, waiter, evening!.id, "confirm")).statusCode).toBe(200);
    const holds = await liveHolds(t);
    expect(holds.map((hold) => [hold.user_id, hold.table_id])).toEqual([[waiter.userId, f.allDay.tables[1]]]);
    expect(new Date(holds[0]!.starts_at).getTime()).toBeLessThan(new Date(evening!.starts_at).getTime());
  });
});
