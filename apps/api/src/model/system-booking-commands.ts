import type fc from "fast-check";
import { expect } from "vitest";
import {
  bookOfferSeats,
  bookTable,
  cancel,
  checkInvariants,
  expectFreedTableGoesToEarliest,
  expectNo5xx,
  liveDinerAt,
  liveDiners,
  move,
  OFFER_SEATS,
  seatsBooked,
  tableKey,
  TABLES,
  took,
  type Model,
  type Slot,
  type Taken,
  type World,
} from "./system-model";

/** The booking commands of the model (decision 037): book, book offer seats, fill a seating, move, cancel. */
type Cmd = fc.AsyncCommand<Model, World>;
const capacityOf = (table: number) => TABLES.find((entry) => entry.number === table)!.capacity;
const slotOf = (key: string) => key.split("#") as [Slot, string];
/** Every table booking (not a hold), in the model's order: the commands pick one by index. */
const bookings = (m: Model): [string, Taken][] => [...m.tables.entries()].filter(([, taken]) => !taken.held);

export class BookTable implements Cmd {
  constructor(
    readonly pick: number,
    readonly slot: Slot,
    readonly table: number,
    readonly people: number,
  ) {}
  check = (m: Model) => liveDiners(m).length > 0;
  async run(m: Model, w: World) {
    const diner = liveDinerAt(m, this.pick);
    const res = await bookTable(w, m.diners[diner]!, this.slot, this.table, this.people);
    took(`BookTable ${res.statusCode}`);
    expectNo5xx(res, this.toString());
    const key = tableKey(this.slot, this.table);
    if (capacityOf(this.table) < this.people) expect(res.statusCode, `${this} on a table too small`).toBe(400);
    else if (m.tables.has(key)) expect(res.statusCode, `${this} on a taken table: ${res.body}`).toBe(409);
    else expect(res.statusCode, `${this}: ${res.body}`).toBe(201);
    if (res.statusCode === 201) {
      const id = (res.json() as { reservation: { id: string } }).reservation.id;
      m.tables.set(key, { reservationId: id, diner, held: false });
    }
    await checkInvariants(w, m);
  }
  toString = () => `bookTable(#${this.pick}, ${this.slot}, t${this.table}, ${this.people}p)`;
}

/** Books every free table of a seating for live diners in turn, each for a full party. */
export async function fillSeating(w: World, m: Model, slot: Slot, first = 0): Promise<void> {
  const diners = liveDiners(m);
  for (const [index, table] of TABLES.entries()) {
    const key = tableKey(slot, table.number);
    if (m.tables.has(key)) continue;
    const diner = diners[(first + index) % diners.length]!;
    const res = await bookTable(w, m.diners[diner]!, slot, table.number, table.capacity);
    expect(res.statusCode, `filling ${slot}, table ${table.number}: ${res.body}`).toBe(201);
    const id = (res.json() as { reservation: { id: string } }).reservation.id;
    m.tables.set(key, { reservationId: id, diner, held: false });
  }
}

/** Fills a whole seating in one step: the quickest way to a line. */
export class FillSeating implements Cmd {
  constructor(
    readonly pick: number,
    readonly slot: Slot,
  ) {}
  check = (m: Model) =>
    liveDiners(m).length > 0 && TABLES.some((table) => !m.tables.has(tableKey(this.slot, table.number)));
  async run(m: Model, w: World) {
    took("FillSeating");
    await fillSeating(w, m, this.slot, this.pick);
    await checkInvariants(w, m);
  }
  toString = () => `fillSeating(#${this.pick}, ${this.slot})`;
}

export class BookOffer implements Cmd {
  constructor(
    readonly pick: number,
    readonly people: number,
  ) {}
  check = (m: Model) => liveDiners(m).length > 0;
  async run(m: Model, w: World) {
    const diner = liveDinerAt(m, this.pick);
    const res = await bookOfferSeats(w, m.diners[diner]!, this.people);
    took(`BookOffer ${res.statusCode}`);
    expectNo5xx(res, this.toString());
    const left = OFFER_SEATS - seatsBooked(m);
    if (this.people > left) expect(res.statusCode, `${this} with ${left} seats left`).not.toBe(201);
    else expect(res.statusCode, `${this} with ${left} seats left: ${res.body}`).toBe(201);
    if (res.statusCode === 201) {
      const id = (res.json() as { reservation: { id: string } }).reservation.id;
      m.offerBookings.push({ reservationId: id, diner, people: this.people });
    }
    await checkInvariants(w, m);
  }
  toString = () => `bookOffer(#${this.pick}, ${this.people}p)`;
}

/** Cancels one of every diner's bookings: a table's (then held for the next in line) or offer seats. */
export class Cancel implements Cmd {
  constructor(
    readonly pick: number,
    readonly offer: boolean,
  ) {}
  check = (m: Model) => (this.offer ? m.offerBookings.length > 0 : bookings(m).length > 0);
  async run(m: Model, w: World) {
    took(this.offer ? "CancelOffer" : "CancelTable");
    if (this.offer) {
      const booking = m.offerBookings[this.pick % m.offerBookings.length]!;
      const res = await cancel(w, m.diners[booking.diner]!, booking.reservationId);
      expectNo5xx(res, this.toString());
      expect(res.statusCode, res.body).toBe(200);
      m.offerBookings = m.offerBookings.filter((entry) => entry !== booking);
    } else {
      const all = bookings(m);
      const [key, taken] = all[this.pick % all.length]!;
      const res = await cancel(w, m.diners[taken.diner]!, taken.reservationId);
      expectNo5xx(res, this.toString());
      expect(res.statusCode, res.body).toBe(200);
      const [slot, table] = slotOf(key);
      await expectFreedTableGoesToEarliest(w, m, slot, Number(table));
    }
    await checkInvariants(w, m);
  }
  toString = () => `cancel(#${this.pick}, ${this.offer ? "offer" : "table"})`;
}

/** Moves one of every diner's table bookings to a seating, table and party; the table it left goes down the line. */
export class Move implements Cmd {
  constructor(
    readonly pick: number,
    readonly slot: Slot,
    readonly table: number,
    readonly people: number,
  ) {}
  check = (m: Model) => bookings(m).length > 0;
  async run(m: Model, w: World) {
    const all = bookings(m);
    const [from, taken] = all[this.pick % all.length]!;
    const to = tableKey(this.slot, this.table);
    const res = await move(w, m.diners[taken.diner]!, taken.reservationId, this.slot, this.table, this.people);
    took(`Move ${res.statusCode}`);
    expectNo5xx(res, this.toString());
    if (capacityOf(this.table) < this.people) expect(res.statusCode, `${this} onto a table too small`).toBe(400);
    else if (to !== from && m.tables.has(to))
      expect(res.statusCode, `${this} onto a taken table: ${res.body}`).toBe(409);
    else expect(res.statusCode, `${this}: ${res.body}`).toBe(200);
    if (res.statusCode === 200) {
      m.tables.delete(from);
      m.tables.set(to, taken);
      if (to !== from) {
        const [slot, table] = slotOf(from);
        await expectFreedTableGoesToEarliest(w, m, slot, Number(table));
      }
    }
    await checkInvariants(w, m);
  }
  toString = () => `move(#${this.pick} → ${this.slot}, t${this.table}, ${this.people}p)`;
}
