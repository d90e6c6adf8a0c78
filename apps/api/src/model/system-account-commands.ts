import type fc from "fast-check";
import { expect } from "vitest";
import {
  changeEmail,
  checkInvariants,
  exportOf,
  expectFreedTablesGoToEarliest,
  expectNo5xx,
  expectNoTraceOf,
  expectOnlyOwnData,
  liveDiners,
  registerDiner,
  remove,
  took,
  type Model,
  type World,
} from "./system-model";
import { expectOwnProfileAndFavorites } from "./system-profile-commands";

/** The account commands of the model (decision 037): register, change e-mail, export, delete. */
type Cmd = fc.AsyncCommand<Model, World>;

/** Registers a new diner, or one on an address set free by a deletion or an address change. */
export class Register implements Cmd {
  constructor(readonly reuseFreed: boolean) {}
  check = (m: Model) => liveDiners(m).length < 4 && m.diners.length < 8 && (!this.reuseFreed || m.freed.length > 0);
  async run(m: Model, w: World) {
    took(this.reuseFreed ? "RegisterFreed" : "Register");
    const email = this.reuseFreed ? m.freed[0] : undefined;
    const result = await registerDiner(w, email);
    if ("statusCode" in result) throw new Error(`${this} refused: ${result.statusCode} ${result.body}`);
    if (email) m.freed.shift();
    m.diners.push(result);
    await checkInvariants(w, m);
  }
  toString = () => `register(${this.reuseFreed ? "a freed address" : "new"})`;
}

/** Changes a diner's address, to a new one or a freed one; the old one is free for anybody then. */
export class ChangeEmail implements Cmd {
  constructor(
    readonly pick: number,
    readonly toFreed: boolean,
  ) {}
  check = (m: Model) => liveDiners(m).length > 0 && (!this.toFreed || m.freed.length > 0);
  async run(m: Model, w: World) {
    took(this.toFreed ? "ChangeEmailToFreed" : "ChangeEmail");
    const diners = liveDiners(m);
    const d = m.diners[diners[this.pick % diners.length]!]!;
    const { requested, followed, newEmail } = await changeEmail(w, d, this.toFreed ? m.freed[0] : undefined);
    expectNo5xx(requested, this.toString());
    expect(requested.statusCode, requested.body).toBe(200);
    expect(followed?.statusCode).toBe(302);
    expect(new URL(String(followed?.headers.location)).pathname, `${this}`).toBe("/verify-result/success");
    if (this.toFreed) m.freed.shift();
    m.freed.push(d.email);
    d.formerEmails.push(d.email);
    d.email = newEmail;
    await checkInvariants(w, m);
  }
  toString = () => `changeEmail(#${this.pick}, ${this.toFreed ? "to a freed address" : "new"})`;
}

export class Export implements Cmd {
  constructor(readonly pick: number) {}
  check = (m: Model) => liveDiners(m).length > 0;
  async run(m: Model, w: World) {
    took("Export");
    const diners = liveDiners(m);
    const owner = diners[this.pick % diners.length]!;
    const res = await exportOf(w, m.diners[owner]!);
    expectNo5xx(res, this.toString());
    expect(res.statusCode, res.body).toBe(200);
    expectOnlyOwnData(m, owner, res.body);
    expectOwnProfileAndFavorites(m, owner, res.body);
  }
  toString = () => `export(#${this.pick})`;
}

export class Delete implements Cmd {
  constructor(readonly pick: number) {}
  check = (m: Model) => liveDiners(m).length > 0;
  async run(m: Model, w: World) {
    took("Delete");
    const diners = liveDiners(m);
    const index = diners[this.pick % diners.length]!;
    const d = m.diners[index]!;
    const res = await remove(w, d);
    expectNo5xx(res, this.toString());
    expect(res.statusCode, res.body).toBe(200);
    d.alive = false;
    m.freed.push(d.email);
    m.waiting = m.waiting.filter((entry) => entry.diner !== index);
    m.offerBookings = m.offerBookings.filter((booking) => booking.diner !== index);
    // Its tables (booked or held) are free again, all at once, for the next in line.
    const freed = [...m.tables.entries()].filter(([, taken]) => taken.diner === index).map(([key]) => key);
    await expectFreedTablesGoToEarliest(w, m, freed);
    await expectNoTraceOf(w, m, d);
    await checkInvariants(w, m);
  }
  toString = () => `delete(#${this.pick})`;
}
