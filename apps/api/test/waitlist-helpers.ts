import { sql } from "kysely";
import type { JoinWaitlistRequest, WaitlistEntryResponse, WaitlistResponse } from "@tavolo/shared/waitlist";
import { latestMail, post } from "./auth-helpers";
import { cancelReservation, diner, makeReservation, type BookingFixture, type Diner } from "./reservation-helpers";
import type { TestApp } from "./test-app";

/** The waitlist's requests as a diner sends them (decision 029). */
export const joinWaitlist = (t: TestApp, who: Diner, body: Partial<JoinWaitlistRequest> | Record<string, unknown>) =>
  post(t.app, "/api/client/waitlist", body, who.headers);

export async function joined(t: TestApp, who: Diner, body: JoinWaitlistRequest): Promise<WaitlistEntryResponse> {
  const res = await joinWaitlist(t, who, body);
  if (res.statusCode !== 201) throw new Error(`join failed ${res.statusCode}: ${res.body}`);
  return res.json() as WaitlistEntryResponse;
}

export async function waitlistOf(t: TestApp, who: Diner): Promise<WaitlistResponse> {
  const res = await t.app.inject({ method: "GET", url: "/api/client/waitlist", headers: who.headers });
  if (res.statusCode !== 200) throw new Error(`waitlist ${res.statusCode}: ${res.body}`);
  return res.json() as WaitlistResponse;
}

export const answerHold = (t: TestApp, who: Diner, holdId: string, answer: "confirm" | "decline") =>
  post(t.app, `/api/client/holds/${holdId}/${answer}`, {}, who.headers);

/** Every table of the all-day restaurant booked at `date` `time`, one diner each; their booking ids by table. */
export async function fillAllTables(
  t: TestApp,
  f: BookingFixture,
  diners: Diner[],
  date: string,
  time: string,
): Promise<Record<number, string>> {
  const ids: Record<number, string> = {};
  for (const [index, table] of [1, 2, 3].entries()) {
    const res = await makeReservation(t, diners[index % diners.length]!, {
      restaurantId: f.allDay.id,
      tableId: f.allDay.tables[table],
      date,
      time,
      numberOfPeople: 2,
    });
    if (res.statusCode !== 201) throw new Error(`fill failed: ${res.body}`);
    ids[table] = (res.json() as { reservation: { id: string } }).reservation.id;
  }
  return ids;
}

/** The live holds, with whom they are for and which entry. */
export async function liveHolds(t: TestApp) {
  return t.database.db
    .selectFrom("reservations")
    .select(["id", "user_id", "table_id", "offer_id", "waitlist_entry_id", "starts_at", "party_size"])
    .where("status", "=", "held")
    .execute();
}

/** Makes every live hold due now, as if WAITLIST_HOLD_MINUTES had passed. */
export async function expireHolds(t: TestApp): Promise<void> {
  await sql`UPDATE reservations SET hold_expires_at = now() - interval '1 second' WHERE status = 'held'`.execute(
    t.database.db,
  );
}

/** The token of the newest hold mail's one-tap link. */
export async function holdLinkToken(t: TestApp, who: Diner): Promise<string> {
  const mail = await latestMail(t.app, who.email, "waitlist-hold");
  const match = /hold\/confirm\?token=([\w-]+)/.exec(mail.text);
  if (!match?.[1]) throw new Error(`no link in: ${mail.text}`);
  return match[1];
}

/** Waiting at the all-day restaurant for exactly the 20:00 seating of `date`. */
export const waitingAt20 = (f: BookingFixture, date: string, people = 2) => ({
  restaurantId: f.allDay.id,
  date,
  timeFrom: "20:00",
  timeTo: "20:00",
  people,
});

/**
 * `who`, waiting for the 20:00 seating of `date`, offered a hold: every table booked by a diner of
 * its own, then one cancelled. The hold and its mail's one-tap link.
 */
export async function offerHoldAt20(t: TestApp, f: BookingFixture, who: Diner, date: string) {
  const owner = await diner(t);
  const bookings = await fillAllTables(t, f, [owner], date, "20:00");
  await joined(t, who, waitingAt20(f, date, 2));
  const cancelled = await cancelReservation(t, owner, bookings[1]!);
  if (cancelled.statusCode !== 200) throw new Error(`cancel failed: ${cancelled.body}`);
  const hold = (await liveHolds(t)).find((row) => row.user_id === who.userId);
  if (!hold) throw new Error("no hold offered");
  return { hold, token: await holdLinkToken(t, who) };
}
