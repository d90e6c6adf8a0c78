import fc from "fast-check";
import { expect } from "vitest";
import {
  answer,
  bookOfferSeats,
  bookTable,
  cancel,
  checkInvariants,
  exportOf,
  expectFreedTableGoesToEarliest,
  expectNo5xx,
  expectNoTraceOf,
  expectOnlyOwnData,
  join,
  lapseHolds,
  leave,
  registerDiner,
  remove,
  seatsBooked,
  SLOTS,
  tableKey,
  TABLES,
  OFFER_SEATS,
  type Model,
  type Slot,
  type World,
} from "./system-model";

/** What the model run may not do yet: steps that hit a bug another branch fixes (see the test). */
export interface KnownBugs {
  /** Deleting a diner who was ever offered a hold answers 500 (the hold's reference to the waitlist). */
  deletionAfterHold: boolean;
}

/** How many steps of each kind ran, for the report of a run (a model that never reaches a step tests nothing). */
export const stepsTaken = new Map<string, number>();
const took = (step: string) => stepsTaken.set(step, (stepsTaken.get(step) ?? 0) + 1);

type Cmd = fc.AsyncCommand<Model, World>;
const live = (m: Model, index: number) => m.diners[index]?.alive === true;
const seatedAt = (m: Model, diner: number) => [...m.tables.entries()].filter(([, taken]) => taken.diner === diner);

class Register implements Cmd {
  constructor(readonly reuseFreed: boolean) {}
  check = (m: Model) => m.diners.length < 4 && (!this.reuseFreed || m.freed.length > 0);
  async run(m: Model, w: World) {
    took(this.constructor.name);
    const email = this.reuseFreed ? m.freed[0] : undefined;
    const result = await registerDiner(w, email);
    if ("statusCode" in result) throw new Error(`registration refused: ${result.statusCode} ${result.body}`);
    if (email) m.freed.shift();
    m.diners.push(result);
    await checkInvariants(w, m);
  }
  toString = () => `register(${this.reuseFreed ? "a freed address" : "new"})`;
}

class BookTable implements Cmd {
  constructor(
    readonly diner: number,
    readonly slot: Slot,
    readonly table: number,
    readonly people: number,
  ) {}
  check = (m: Model) => live(m, this.diner);
  async run(m: Model, w: World) {
    took(this.constructor.name);
    const res = await bookTable(w, m.diners[this.diner]!, this.slot, this.table, this.people);
    expectNo5xx(res, this.toString());
    const key = tableKey(this.slot, this.table);
    const fits = TABLES.find((table) => table.number === this.table)!.capacity >= this.people;
    if (m.tables.has(key)) expect(res.statusCode, `${this} on a taken table`).not.toBe(201);
    else if (fits) expect(res.statusCode, `${this} on a free table: ${res.body}`).toBe(201);
    if (res.statusCode === 201) {
      const id = (res.json() as { reservation: { id: string } }).reservation.id;
      m.tables.set(key, { reservationId: id, diner: this.diner, held: false });
    }
    await checkInvariants(w, m);
  }
  toString = () => `bookTable(d${this.diner}, ${this.slot}, t${this.table}, ${this.people}p)`;
}

class BookOffer implements Cmd {
  constructor(
    readonly diner: number,
    readonly people: number,
  ) {}
  check = (m: Model) => live(m, this.diner);
  async run(m: Model, w: World) {
    took(this.constructor.name);
    const res = await bookOfferSeats(w, m.diners[this.diner]!, this.people);
    expectNo5xx(res, this.toString());
    const left = OFFER_SEATS - seatsBooked(m);
    if (this.people > left) expect(res.statusCode, `${this} with ${left} seats left`).not.toBe(201);
    if (res.statusCode === 201) {
      const id = (res.json() as { reservation: { id: string } }).reservation.id;
      m.offerBookings.push({ reservationId: id, diner: this.diner, people: this.people });
    }
    await checkInvariants(w, m);
  }
  toString = () => `bookOffer(d${this.diner}, ${this.people}p)`;
}

/** Cancels the diner's n-th table booking (not a hold), or its offer booking. */
class Cancel implements Cmd {
  constructor(
    readonly diner: number,
    readonly pick: number,
    readonly offer: boolean,
  ) {}
  check = (m: Model) =>
    live(m, this.diner) &&
    (this.offer
      ? m.offerBookings.some((booking) => booking.diner === this.diner)
      : seatedAt(m, this.diner).some(([, taken]) => !taken.held));
  async run(m: Model, w: World) {
    took(this.constructor.name);
    const d = m.diners[this.diner]!;
    if (this.offer) {
      const mine = m.offerBookings.filter((booking) => booking.diner === this.diner);
      const booking = mine[this.pick % mine.length]!;
      const res = await cancel(w, d, booking.reservationId);
      expectNo5xx(res, this.toString());
      expect(res.statusCode, res.body).toBe(200);
      m.offerBookings = m.offerBookings.filter((entry) => entry !== booking);
    } else {
      const mine = seatedAt(m, this.diner).filter(([, taken]) => !taken.held);
      const [key, taken] = mine[this.pick % mine.length]!;
      const res = await cancel(w, d, taken.reservationId);
      expectNo5xx(res, this.toString());
      expect(res.statusCode, res.body).toBe(200);
      const [slot, table] = key.split("#") as [Slot, string];
      await expectFreedTableGoesToEarliest(w, m, slot, Number(table));
    }
    await checkInvariants(w, m);
  }
  toString = () => `cancel(d${this.diner}, #${this.pick}, ${this.offer ? "offer" : "table"})`;
}

/** Joins only when every table the party fits is taken: joining beside a free table is another rule. */
class Join implements Cmd {
  constructor(
    readonly diner: number,
    readonly slot: Slot,
    readonly people: number,
  ) {}
  check = (m: Model) =>
    live(m, this.diner) &&
    !m.waiting.some((entry) => entry.diner === this.diner && entry.slot === this.slot) &&
    TABLES.filter((table) => table.capacity >= this.people).every((table) =>
      m.tables.has(tableKey(this.slot, table.number)),
    );
  async run(m: Model, w: World) {
    took(this.constructor.name);
    const res = await join(w, m.diners[this.diner]!, this.slot, this.people);
    expectNo5xx(res, this.toString());
    expect(res.statusCode, `${this}: ${res.body}`).toBe(201);
    const id = (res.json() as { entry: { id: string } }).entry.id;
    m.waiting.push({ id, diner: this.diner, slot: this.slot, people: this.people });
    await checkInvariants(w, m);
  }
  toString = () => `join(d${this.diner}, ${this.slot}, ${this.people}p)`;
}

class Leave implements Cmd {
  constructor(readonly diner: number) {}
  check = (m: Model) => live(m, this.diner) && m.waiting.some((entry) => entry.diner === this.diner);
  async run(m: Model, w: World) {
    took(this.constructor.name);
    const entry = m.waiting.find((candidate) => candidate.diner === this.diner)!;
    const res = await leave(w, m.diners[this.diner]!, entry.id);
    expectNo5xx(res, this.toString());
    expect(res.statusCode, res.body).toBe(200);
    m.waiting = m.waiting.filter((candidate) => candidate !== entry);
    await checkInvariants(w, m);
  }
  toString = () => `leave(d${this.diner})`;
}

/** Confirms or declines the diner's hold. */
class AnswerHold implements Cmd {
  constructor(
    readonly diner: number,
    readonly choice: "confirm" | "decline",
  ) {}
  check = (m: Model) => live(m, this.diner) && seatedAt(m, this.diner).some(([, taken]) => taken.held);
  async run(m: Model, w: World) {
    took(this.constructor.name);
    const [key, taken] = seatedAt(m, this.diner).find(([, entry]) => entry.held)!;
    const res = await answer(w, m.diners[this.diner]!, taken.reservationId, this.choice);
    expectNo5xx(res, this.toString());
    expect(res.statusCode, res.body).toBe(200);
    const [slot, table] = key.split("#") as [Slot, string];
    if (this.choice === "confirm") m.tables.set(key, { ...taken, held: false });
    else await expectFreedTableGoesToEarliest(w, m, slot, Number(table));
    await checkInvariants(w, m);
  }
  toString = () => `${this.choice}Hold(d${this.diner})`;
}

class LapseHolds implements Cmd {
  check = (m: Model) => [...m.tables.values()].some((taken) => taken.held);
  async run(m: Model, w: World) {
    took(this.constructor.name);
    const lapsed = [...m.tables.entries()].filter(([, taken]) => taken.held);
    await lapseHolds(w);
    // Released one after the other, in the order the worker takes them: each goes down the line.
    for (const [key] of lapsed) {
      const [slot, table] = key.split("#") as [Slot, string];
      await expectFreedTableGoesToEarliest(w, m, slot, Number(table));
    }
    await checkInvariants(w, m);
  }
  toString = () => "lapseHolds()";
}

class Export implements Cmd {
  constructor(readonly diner: number) {}
  check = (m: Model) => live(m, this.diner);
  async run(m: Model, w: World) {
    took(this.constructor.name);
    const res = await exportOf(w, m.diners[this.diner]!);
    expectNo5xx(res, this.toString());
    expect(res.statusCode, res.body).toBe(200);
    expectOnlyOwnData(m, this.diner, res.body);
  }
  toString = () => `export(d${this.diner})`;
}

class Delete implements Cmd {
  constructor(
    readonly diner: number,
    readonly bugs: KnownBugs,
  ) {}
  check = (m: Model) => live(m, this.diner) && !(this.bugs.deletionAfterHold && m.diners[this.diner]!.everHeld);
  async run(m: Model, w: World) {
    took(this.constructor.name);
    const d = m.diners[this.diner]!;
    const res = await remove(w, d);
    expectNo5xx(res, this.toString());
    expect(res.statusCode, res.body).toBe(200);
    d.alive = false;
    m.freed.push(d.email);
    m.waiting = m.waiting.filter((entry) => entry.diner !== this.diner);
    m.offerBookings = m.offerBookings.filter((booking) => booking.diner !== this.diner);
    // Its tables (booked or held) are free again, each for the next in line.
    for (const [key] of seatedAt(m, this.diner)) {
      const [slot, table] = key.split("#") as [Slot, string];
      await expectFreedTableGoesToEarliest(w, m, slot, Number(table));
    }
    await expectNoTraceOf(w, d);
    await checkInvariants(w, m);
  }
  toString = () => `delete(d${this.diner})`;
}

/**
 * Every step the model knows, over four diners, the two seatings and the three tables. Bookings,
 * joins and cancellations are drawn twice as often, and large parties (which only table 3 seats)
 * often, so sequences reach a full seating, a line and a freed table within a few steps.
 */
export function systemCommands(bugs: KnownBugs) {
  const dinerIndex = fc.nat({ max: 3 });
  const slot = fc.constantFrom(...SLOTS);
  const table = fc.constantFrom(...TABLES.map((entry) => entry.number));
  const people = fc.oneof(fc.integer({ min: 1, max: 6 }), fc.constantFrom(5, 6));
  const book = fc.tuple(dinerIndex, slot, table, people).map(([d, s, n, p]) => new BookTable(d, s, n, p));
  const cancelOne = fc.tuple(dinerIndex, fc.nat(), fc.boolean()).map(([d, pick, offer]) => new Cancel(d, pick, offer));
  const joinLine = fc.tuple(dinerIndex, slot, people).map(([d, s, p]) => new Join(d, s, p));
  return [
    fc.boolean().map((reuse) => new Register(reuse)),
    book,
    book,
    fc.tuple(dinerIndex, fc.integer({ min: 1, max: 4 })).map(([d, p]) => new BookOffer(d, p)),
    cancelOne,
    cancelOne,
    joinLine,
    joinLine,
    dinerIndex.map((d) => new Leave(d)),
    fc.tuple(dinerIndex, fc.constantFrom("confirm" as const, "decline" as const)).map(([d, c]) => new AnswerHold(d, c)),
    fc.constant(new LapseHolds()),
    dinerIndex.map((d) => new Export(d)),
    dinerIndex.map((d) => new Delete(d, bugs)),
  ];
}
