import { sql } from "kysely";
import { expect } from "vitest";
import type { LightMyRequestResponse } from "fastify";
import type { PushPayload } from "@tavolo/shared/push";
import { instantOfWallClock } from "@tavolo/shared/dates";
import { deleteAccount, exportAccount } from "../../test/account-data-helpers";
import { addOffer, bookOffer, offerClosingIn, seatsOf } from "../../test/offer-helpers";
import { findEverywhere } from "../../test/personal-data";
import type { PushPeer } from "../../test/push-peer";
import {
  cancelReservation,
  makeReservation,
  modifyReservation,
  romeDate,
  ROME,
  type BookingFixture,
} from "../../test/reservation-helpers";
import type { TestApp } from "../../test/test-app";
import { answerHold, expireHolds, joinWaitlist, liveHolds } from "../../test/waitlist-helpers";

/**
 * The simple model the system is checked against (decision 037): who exists, which tables are taken
 * at the two seatings, who waits in which order, and the offer's seats. Commands act on the real
 * app and on the model; invariants compare the two and the database after every step.
 */
export const SLOTS = ["12:00", "20:00"] as const;
export type Slot = (typeof SLOTS)[number];
/** The all-day restaurant's active tables: number and capacity. */
export const TABLES = [
  { number: 1, capacity: 2 },
  { number: 2, capacity: 4 },
  { number: 3, capacity: 6 },
] as const;
export const OFFER_SEATS = 6;

export interface ModelDiner {
  email: string;
  firstName: string;
  lastName: string;
  headers: { authorization: string };
  userId: string;
  alive: boolean;
  /** Addresses the diner left by changing it, oldest first: its own history, free for others. */
  formerEmails: string[];
  /** Names the diner changed away from: a deletion must leave no trace of them either. */
  formerNames: string[];
  /** The restaurants the diner saved, as the model keeps them. */
  favorites: Set<string>;
  /** The diner's browsers subscribed to Web Push (their endpoints on the world's push service). */
  pushEndpoints: string[];
  /** Held-table pushes the diner's browsers must have been sent: one per subscription per hold. */
  holdPushes: number;
}
export interface Taken {
  reservationId: string;
  diner: number;
  held: boolean;
}
export interface WaitEntry {
  id: string;
  diner: number;
  slot: Slot;
  people: number;
}

export interface Model {
  diners: ModelDiner[];
  /** Addresses of deleted accounts, free to register again. */
  freed: string[];
  /** `${slot}#${table}` → who has it (a booking or a hold). */
  tables: Map<string, Taken>;
  /** Live waitlist entries, earliest joined first. */
  waiting: WaitEntry[];
  offerBookings: { reservationId: string; diner: number; people: number }[];
  /** Table bookings whose reminder has gone out (one each, decision 046). */
  reminded: Set<string>;
}

export interface World {
  t: TestApp;
  f: BookingFixture;
  date: string;
  offerId: string;
  /** The push service the diners' browsers subscribe at (the app's push agent trusts it). */
  push?: PushPeer;
}

export const emptyModel = (): Model => ({
  diners: [],
  freed: [],
  tables: new Map(),
  waiting: [],
  offerBookings: [],
  reminded: new Set(),
});
export const tableKey = (slot: Slot, table: number) => `${slot}#${table}`;
/**
 * How many steps of each kind ran, and the milliseconds they took with their checks, for the report
 * of a run (a model that never reaches a step tests nothing; a slow one eats the CI budget).
 */
export const stepsTaken = new Map<string, { n: number; ms: number }>();
let running: { step: string; since: number } | undefined;
/** Ends the timing of the step running (at the next step, or when the sequence ends). */
export function stepDone(): void {
  if (running) stepsTaken.get(running.step)!.ms += Date.now() - running.since;
  running = undefined;
}
export function took(step: string): void {
  stepDone();
  const entry = stepsTaken.get(step) ?? { n: 0, ms: 0 };
  stepsTaken.set(step, { n: entry.n + 1, ms: entry.ms });
  running = { step, since: Date.now() };
}
export const liveDiners = (m: Model) => [...m.diners.keys()].filter((index) => m.diners[index]!.alive);
/** The index of the live diner a step's `pick` names (steps run only while someone lives). */
export const liveDinerAt = (m: Model, pick: number) => {
  const diners = liveDiners(m);
  return diners[pick % diners.length]!;
};
/** The live diner a step's `pick` names. */
export const liveDiner = (m: Model, pick: number) => m.diners[liveDinerAt(m, pick)]!;
/** Every address a diner has had: the current one and the ones changed away from. */
export const addressesOf = (d: ModelDiner) => [d.email, ...d.formerEmails];
export const seatsBooked = (m: Model) => m.offerBookings.reduce((sum, booking) => sum + booking.people, 0);

/** Every run starts from the same catalogue and nobody in it: people, bookings, mail and offers go. */
export async function resetWorld(t: TestApp, f: BookingFixture, push?: PushPeer): Promise<World> {
  // The app's own workers (mail, waitlist, reminders) read these tables between steps: a TRUNCATE
  // locking them one by one can deadlock with one, which PostgreSQL settles by failing either.
  for (let attempt = 1; ; attempt += 1) {
    try {
      await sql`TRUNCATE users, reservations, waitlist_entries, mail_outbox, offers, action_tokens, send_cooldowns CASCADE`.execute(
        t.database.db,
      );
      break;
    } catch (error) {
      if ((error as { code?: string }).code !== "40P01" || attempt >= 5) throw error;
    }
  }
  const offerId = await addOffer(t, offerClosingIn(f.allDay.id, 180, { totalSeats: OFFER_SEATS }));
  // Two days ahead: both seatings are then within the longest reminder lead (3 days) at any hour.
  return { t, f, date: romeDate(2), offerId, ...(push ? { push } : {}) };
}

/** Never a server error, whatever the step. */
export function expectNo5xx(res: LightMyRequestResponse, step: string): void {
  expect(res.statusCode, `${step}: ${res.body.slice(0, 300)}`).toBeLessThan(500);
}

export const bookTable = (w: World, d: ModelDiner, slot: Slot, table: number, people: number) =>
  makeReservation(w.t, d, {
    restaurantId: w.f.allDay.id,
    tableId: w.f.allDay.tables[table],
    date: w.date,
    time: slot,
    numberOfPeople: people,
  });
export const bookOfferSeats = (w: World, d: ModelDiner, people: number) =>
  bookOffer(w.t, d, { lastMinuteId: w.offerId, people });
export const move = (w: World, d: ModelDiner, reservationId: string, slot: Slot, table: number, people: number) =>
  modifyReservation(w.t, d, reservationId, {
    date: w.date,
    time: slot,
    numberOfPeople: people,
    tableId: w.f.allDay.tables[table],
  });
export const cancel = (w: World, d: ModelDiner, reservationId: string) => cancelReservation(w.t, d, reservationId);
export const join = (w: World, d: ModelDiner, slot: Slot, people: number) =>
  joinWaitlist(w.t, d, { restaurantId: w.f.allDay.id, date: w.date, timeFrom: slot, timeTo: slot, people });
/** The line at the dinner-only restaurant at noon: a window with no seating at all. */
export const joinWhenClosed = (w: World, d: ModelDiner) =>
  joinWaitlist(w.t, d, { restaurantId: w.f.dinner.id, date: w.date, timeFrom: "12:00", timeTo: "12:00", people: 2 });
export const leave = (w: World, d: ModelDiner, entryId: string) =>
  w.t.app.inject({ method: "DELETE", url: `/api/client/waitlist/${entryId}`, headers: d.headers });
export const answer = (w: World, d: ModelDiner, holdId: string, choice: "confirm" | "decline") =>
  answerHold(w.t, d, holdId, choice);
export const remove = (w: World, d: ModelDiner) => deleteAccount(w.t, d.headers);
export const exportOf = (w: World, d: ModelDiner) => exportAccount(w.t, d.headers);

/** Lets every live hold lapse, as if its minutes had passed, and runs the worker that releases them. */
export async function lapseHolds(w: World): Promise<void> {
  await expireHolds(w.t);
  await w.t.app.waitlistWorker.runOnce();
}

/**
 * After tables were freed (`slot#table` keys, several at once for a deletion or lapsed holds): the
 * model goes down the line, earliest entry first, each taking the smallest free table of its
 * seating that seats it (decision 029), but for a diner who holds a table already; then the
 * holds the server made must be exactly those.
 */
export async function expectFreedTablesGoToEarliest(w: World, m: Model, freed: string[]): Promise<void> {
  for (const key of freed) m.tables.delete(key);
  const given: { key: string; entry: WaitEntry }[] = [];
  const holding = (diner: number) => [...m.tables.values()].some((taken) => taken.held && taken.diner === diner);
  for (const entry of [...m.waiting]) {
    // One hold per diner and day of a restaurant (decision 029): a diner offered a table waits on.
    if (holding(entry.diner)) continue;
    const table = TABLES.find((t) => t.capacity >= entry.people && !m.tables.has(tableKey(entry.slot, t.number)));
    if (!table) continue;
    const key = tableKey(entry.slot, table.number);
    given.push({ key, entry });
    m.waiting = m.waiting.filter((candidate) => candidate !== entry);
    m.tables.set(key, { reservationId: "", diner: entry.diner, held: true });
  }
  const holds = await liveHolds(w.t);
  const heldKeys = [...m.tables.entries()].filter(([, taken]) => taken.held);
  expect(holds.length, `holds after freeing ${freed.join(", ")}`).toBe(heldKeys.length);
  for (const { key, entry } of given) {
    const [slot, table] = key.split("#") as [Slot, string];
    const startsAt = instantOfWallClock(w.date, slot, ROME)!.getTime();
    const hold = holds.find(
      (row) => row.table_id === w.f.allDay.tables[Number(table)] && new Date(row.starts_at).getTime() === startsAt,
    );
    expect(hold?.waitlist_entry_id, `table ${table} at ${slot} held for the earliest fitting diner`).toBe(entry.id);
    m.tables.get(key)!.reservationId = hold!.id;
    m.diners[entry.diner]!.holdPushes += m.diners[entry.diner]!.pushEndpoints.length;
  }
  if (given.length > 0) await expectHoldPushes(w, m);
}

/**
 * Every diner offered a held table was told on each subscribed browser, decrypted as the browser
 * would (a push for a hold the diner never had, or one missing, fails).
 */
export async function expectHoldPushes(w: World, m: Model): Promise<void> {
  if (!w.push) return;
  const received = w.push.received;
  const hold: PushPayload["kind"] = "hold";
  // The peer names a message by its subscription's id, the endpoint's last segment.
  const holdPushesTo = (endpoints: string[]) =>
    received.filter(
      (push) => push.payload.kind === hold && endpoints.some((endpoint) => endpoint.endsWith(`/${push.subscription}`)),
    ).length;
  await w.t.app.pushSender.idle();
  for (const d of m.diners.filter((diner) => diner.alive && diner.pushEndpoints.length > 0)) {
    await expect
      .poll(() => holdPushesTo(d.pushEndpoints), { timeout: 10_000, message: `hold pushes to ${d.email}` })
      .toBe(d.holdPushes);
  }
}

/** One freed table (a cancellation, a move, a declined hold). */
export const expectFreedTableGoesToEarliest = (w: World, m: Model, slot: Slot, table: number) =>
  expectFreedTablesGoToEarliest(w, m, [tableKey(slot, table)]);

/** The waitlist's invariants (decisions 029 and 037) that the database alone can tell, after every step. */
export async function checkInvariants(w: World, m: Model): Promise<void> {
  const db = w.t.database.db;
  const twice = await sql<{ n: number }>`SELECT count(*)::int AS n FROM (
      SELECT table_id, starts_at FROM reservations
      WHERE table_id IS NOT NULL AND status IN ('pending', 'confirmed', 'held')
      GROUP BY table_id, starts_at HAVING count(*) > 1) AS clash`.execute(db);
  expect(twice.rows[0]!.n, "no table taken twice").toBe(0);
  const seats = await seatsOf(w.t, w.offerId);
  expect(seats.booked, "no offer oversold").toBeLessThanOrEqual(seats.total);
  expect(seats.available + seats.booked, "the offer's seats add up").toBe(seats.total);
  expect(seats.booked, "the offer's seats as the model counts them").toBe(seatsBooked(m));
  // A held table is never offered as free; a taken one neither; a free one is.
  for (const slot of SLOTS) {
    const res = await w.t.app.inject({
      url: `/api/client/getAvailableTables/${w.f.allDay.id}?date=${w.date}&time=${slot}`,
    });
    expectNo5xx(res, "availability");
    const tables = (res.json() as { tables: { number: number; isAvailable: boolean }[] }).tables;
    for (const { number } of TABLES) {
      const shown = tables.find((table) => table.number === number);
      const taken = m.tables.has(tableKey(slot, number));
      expect(shown?.isAvailable, `table ${number} at ${slot}: ${taken ? "taken or held" : "free"}`).toBe(!taken);
    }
  }
}

/**
 * A deleted account leaves no personal data in any text column, once its last mail has left: its
 * names and address, and the ones it changed away from (unless a living diner has the address since).
 */
export async function expectNoTraceOf(w: World, m: Model, d: ModelDiner): Promise<void> {
  const inUse = new Set(m.diners.filter((other) => other.alive).flatMap(addressesOf));
  const needles = [
    d.firstName,
    d.lastName,
    ...d.formerNames,
    ...d.pushEndpoints,
    ...addressesOf(d).filter((address) => !inUse.has(address)),
  ];
  await expect.poll(() => findEverywhere(w.t.database.db, needles), { timeout: 10_000 }).toEqual([]);
}
