import type fc from "fast-check";
import { expect } from "vitest";
import {
  answer,
  checkInvariants,
  expectFreedTableGoesToEarliest,
  expectFreedTablesGoToEarliest,
  expectNo5xx,
  join,
  joinWhenClosed,
  lapseHolds,
  leave,
  liveDiner,
  liveDiners,
  tableKey,
  TABLES,
  took,
  type Model,
  type Slot,
  type World,
} from "./system-model";

/** The waitlist commands of the model (decision 037): join, leave, confirm, decline, let holds lapse. */
type Cmd = fc.AsyncCommand<Model, World>;
const holds = (m: Model) => [...m.tables.entries()].filter(([, taken]) => taken.held);

/** Puts a diner in the line of a full seating (a run's starting state: the next freed table is held). */
export async function seedLine(w: World, m: Model, diner: number, slot: Slot, people: number): Promise<void> {
  const res = await join(w, m.diners[diner]!, slot, people);
  expect(res.statusCode, `seeding the line: ${res.body}`).toBe(201);
  m.waiting.push({ id: (res.json() as { entry: { id: string } }).entry.id, diner, slot, people });
}

/**
 * Joins the line of a seating: 201 when every table the party fits is taken, else 409
 * `table_available` (the diner books instead, nothing is created).
 */
export class Join implements Cmd {
  constructor(
    readonly pick: number,
    readonly slot: Slot,
    readonly people: number,
  ) {}
  /** Not already in this seating's line: waiting, or offered a table by it and not answered yet. */
  private eligible = (m: Model) =>
    liveDiners(m).filter(
      (d) =>
        !m.waiting.some((entry) => entry.diner === d && entry.slot === this.slot) &&
        !holds(m).some(([key, taken]) => taken.diner === d && key.startsWith(`${this.slot}#`)),
    );
  check = (m: Model) => this.eligible(m).length > 0;
  async run(m: Model, w: World) {
    const eligible = this.eligible(m);
    const diner = eligible[this.pick % eligible.length]!;
    const res = await join(w, m.diners[diner]!, this.slot, this.people);
    took(`Join ${res.statusCode}`);
    expectNo5xx(res, this.toString());
    const free = TABLES.some((t) => t.capacity >= this.people && !m.tables.has(tableKey(this.slot, t.number)));
    if (free) {
      expect(res.statusCode, `${this} beside a free table: ${res.body}`).toBe(409);
      expect(res.json()).toMatchObject({ code: "table_available", slots: [this.slot] });
    } else {
      expect(res.statusCode, `${this}: ${res.body}`).toBe(201);
      const id = (res.json() as { entry: { id: string } }).entry.id;
      m.waiting.push({ id, diner, slot: this.slot, people: this.people });
    }
    await checkInvariants(w, m);
  }
  toString = () => `join(#${this.pick}, ${this.slot}, ${this.people}p)`;
}

/** Joins the line of a restaurant for a window it has no seating in: 400 `restaurant_closed`, nothing made. */
export class JoinClosed implements Cmd {
  constructor(readonly pick: number) {}
  check = (m: Model) => liveDiners(m).length > 0;
  async run(m: Model, w: World) {
    took("JoinClosed");
    const res = await joinWhenClosed(w, liveDiner(m, this.pick));
    expectNo5xx(res, this.toString());
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ code: "restaurant_closed" });
    await checkInvariants(w, m);
  }
  toString = () => `joinClosed(#${this.pick})`;
}

export class Leave implements Cmd {
  constructor(readonly pick: number) {}
  check = (m: Model) => m.waiting.length > 0;
  async run(m: Model, w: World) {
    took("Leave");
    const entry = m.waiting[this.pick % m.waiting.length]!;
    const res = await leave(w, m.diners[entry.diner]!, entry.id);
    expectNo5xx(res, this.toString());
    expect(res.statusCode, res.body).toBe(200);
    m.waiting = m.waiting.filter((candidate) => candidate !== entry);
    await checkInvariants(w, m);
  }
  toString = () => `leave(#${this.pick})`;
}

/** Confirms or declines one of the live holds; a declined table goes down the line. */
export class AnswerHold implements Cmd {
  constructor(
    readonly pick: number,
    readonly choice: "confirm" | "decline",
  ) {}
  check = (m: Model) => holds(m).length > 0;
  async run(m: Model, w: World) {
    took(this.choice === "confirm" ? "ConfirmHold" : "DeclineHold");
    const all = holds(m);
    const [key, taken] = all[this.pick % all.length]!;
    const res = await answer(w, m.diners[taken.diner]!, taken.reservationId, this.choice);
    expectNo5xx(res, this.toString());
    expect(res.statusCode, res.body).toBe(200);
    const [slot, table] = key.split("#") as [Slot, string];
    if (this.choice === "confirm") {
      m.tables.set(key, { ...taken, held: false });
      // Holding nothing now, the diner's other waits of the day may take a free table.
      await expectFreedTablesGoToEarliest(w, m, []);
    } else await expectFreedTableGoesToEarliest(w, m, slot, Number(table));
    await checkInvariants(w, m);
  }
  toString = () => `${this.choice}Hold(#${this.pick})`;
}

export class LapseHolds implements Cmd {
  check = (m: Model) => holds(m).length > 0;
  async run(m: Model, w: World) {
    took("LapseHolds");
    const lapsed = holds(m);
    await lapseHolds(w);
    // Released together: the line takes them earliest entry first, each the smallest that fits.
    await expectFreedTablesGoToEarliest(
      w,
      m,
      lapsed.map(([key]) => key),
    );
    await checkInvariants(w, m);
  }
  toString = () => "lapseHolds()";
}
