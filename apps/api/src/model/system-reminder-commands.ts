import type fc from "fast-check";
import { expect } from "vitest";
import { latestMail, linkIn, post } from "../../test/auth-helpers";
import { bookedLongAgo } from "../../test/reservation-helpers";
import {
  checkInvariants,
  expectFreedTableGoesToEarliest,
  expectNo5xx,
  took,
  type Model,
  type Slot,
  type World,
} from "./system-model";

/**
 * The reminder step of the model (decision 046): a table booking made long enough before its seating
 * gets its reminder, and the diner answers one of its two links. «Ci sarò» keeps the table;
 * «Non riesco a venire» cancels the booking, and the freed table goes down the line as any
 * cancellation's does. The model's app reminds up to 3 days ahead; its seatings are 2 days ahead.
 */
type Cmd = fc.AsyncCommand<Model, World>;

/** Table bookings of living diners whose reminder has not gone out yet, in the model's order. */
const unreminded = (m: Model) =>
  [...m.tables.entries()].filter(
    ([, taken]) => !taken.held && m.diners[taken.diner]!.alive && !m.reminded.has(taken.reservationId),
  );

/** How many reminder mails the address has been sent. */
const remindersTo = async (w: World, address: string) =>
  (
    await w.t.database.db
      .selectFrom("mail_outbox")
      .select("id")
      .where("template", "=", "reservation-reminder")
      .where("to_address", "=", address)
      .execute()
  ).length;

export class RemindAndAnswer implements Cmd {
  constructor(
    readonly pick: number,
    readonly release: boolean,
  ) {}
  check = (m: Model) => unreminded(m).length > 0;
  async run(m: Model, w: World) {
    took(this.release ? "RemindRelease" : "RemindAttend");
    const all = unreminded(m);
    const [key, taken] = all[this.pick % all.length]!;
    const d = m.diners[taken.diner]!;
    const before = await remindersTo(w, d.email);
    await bookedLongAgo(w.t, taken.reservationId);
    // The app's own poller may have sent it meanwhile: either way it goes out once.
    await w.t.app.reminderWorker.runOnce();
    m.reminded.add(taken.reservationId);
    // This booking's reminder, and no other: the mail read next is the one it sent.
    const recorded = await w.t.database.db
      .selectFrom("reservation_reminders")
      .select("reservation_id")
      .where("reservation_id", "=", taken.reservationId)
      .execute();
    expect(recorded, `${this}: the booking's reminder`).toHaveLength(1);
    expect(await remindersTo(w, d.email), `${this}: reminder mails to the diner`).toBe(before + 1);
    const mail = await latestMail(w.t.app, d.email, "reservation-reminder");
    const action = this.release ? "release" : "attend";
    const link = linkIn(mail, `${w.t.config.appOrigin}/reminder/${action}`);
    const res = await post(w.t.app, `/api/client/reservations/${action}-by-link`, {
      token: link.searchParams.get("token"),
    });
    expectNo5xx(res, this.toString());
    expect(res.statusCode, `${this}: ${res.body}`).toBe(200);
    if (this.release) {
      const [slot, table] = key.split("#") as [Slot, string];
      await expectFreedTableGoesToEarliest(w, m, slot, Number(table));
    }
    await checkInvariants(w, m);
  }
  toString = () => `remindAndAnswer(#${this.pick}, ${this.release ? "release" : "attend"})`;
}
