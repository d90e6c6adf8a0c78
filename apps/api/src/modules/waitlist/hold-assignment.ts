import { holds as holdMetrics } from "../../metrics/business-metrics";
import { paths } from "@tavolo/shared/app-paths";
import type { FastifyBaseLogger } from "fastify";
import type { Kysely, Transaction } from "kysely";
import { minutesOfDay, wallClockOf } from "@tavolo/shared/dates";
import { openSeatingsBetween, overlaps, type Seating } from "@tavolo/shared/reservation-slots";
import type { DB } from "../../db/schema";
import type { Mailer } from "../../mail/mailer";
import { holdOfferedPush } from "../push/push-messages";
import type { PushSender } from "../push/push-sender";
import { holdOfferedMail } from "../../mail/templates/waitlist-mails";
import { hashToken, newOpaqueToken } from "../auth/secrets";
import { listLiveSeatings, lockTablesInOrder } from "../reservations/reservations.repository";
import * as writes from "../reservations/reservation-writes.repository";
import * as holdsRepo from "./holds.repository";
import * as repo from "./waitlist.repository";
import type { LineFocus, LineScope, WaitingEntryRow } from "./waitlist.repository";

export interface HoldAssignerDeps {
  db: Kysely<DB>;
  mailer: Mailer;
  /** The hold goes out by push too (decision 045): ten minutes is too short for e-mail alone. */
  push: PushSender;
  appOrigin: string;
  /** WAITLIST_HOLD_MINUTES: how long a freed table is held for the first fitting diner. */
  holdMinutes: number;
  log: FastifyBaseLogger;
}

/** Starts the delivery of mail staged in a transaction; call once it has committed. */
type AfterCommit = () => void;

/** A hold just written, with what its mail says. */
interface OfferedHold {
  id: string;
  userId: string;
  expiresAt: Date;
  startsAt: Date;
  people: number;
  tableNumber: number | null;
}

/** The window's seatings, the one nearest the middle of the window (the wanted time) first. */
function seatingsByPreference(seatings: Seating[], entry: WaitingEntryRow, timeZone: string): Seating[] {
  const middle = (minutesOfDay(entry.time_from) + minutesOfDay(entry.time_to)) / 2;
  const distance = (seating: Seating) => Math.abs(minutesOfDay(wallClockOf(seating.startsAt, timeZone).time) - middle);
  return [...seatings].sort((a, b) => distance(a) - distance(b) || a.startsAt.getTime() - b.startsAt.getTime());
}

/**
 * Matching a line (decision 029): the earliest-joined waiting diner whose window and party fit gets
 * the freed table (or seats) held; then the next, while anything fits; nobody holds two for one day of a restaurant (or one offer).
 * One transaction per line at a time (the line's advisory lock), and it holds every table's booking
 * lock of the restaurant, taken in key order like a move's (no deadlock with bookings and moves),
 * so what it reads as free cannot be booked before its holds commit. The exclusion constraint
 * stays the guarantee: a hold is a row it counts as taken.
 */
export function createHoldAssigner(deps: HoldAssignerDeps) {
  const { db, mailer, push, appOrigin, holdMinutes, log } = deps;

  async function assignTables(
    trx: Transaction<DB>,
    restaurantId: string,
    focus: LineFocus,
    now: Date,
  ): Promise<OfferedHold[]> {
    const scope: LineScope = { restaurantId, offerId: null };
    await repo.lockLine(trx, scope);
    const entries = await repo.listWaitingEntries(trx, scope, focus);
    if (entries.length === 0) return [];
    const restaurant = await repo.findLineRestaurant(trx, restaurantId);
    const tables = await repo.listActiveTables(trx, restaurantId);
    if (!restaurant || tables.length === 0) return [];
    await lockTablesInOrder(
      trx,
      tables.map((table) => table.id),
    );
    const holding = await repo.holdsInLine(trx, scope);
    const plans = entries.map((entry) => ({
      entry,
      seatings: seatingsByPreference(
        openSeatingsBetween(
          restaurant.opening_hours,
          restaurant.time_zone,
          entry.wanted_date,
          entry.time_from,
          entry.time_to,
          now,
        ),
        entry,
        restaurant.time_zone,
      ),
    }));
    const all = plans.flatMap((plan) => plan.seatings);
    if (all.length === 0) return [];
    const from = new Date(Math.min(...all.map((seating) => seating.startsAt.getTime())));
    const to = new Date(Math.max(...all.map((seating) => seating.endsAt.getTime())));
    const occupied = await listLiveSeatings(trx, restaurantId, from, to);

    const offered: OfferedHold[] = [];
    for (const { entry, seatings } of plans) {
      if (holding.has(repo.holdKey(entry))) continue;
      for (const seating of seatings) {
        const table = tables.find(
          (candidate) =>
            candidate.capacity >= entry.party_size &&
            !occupied.some((taken) => taken.table_id === candidate.id && overlaps(taken, seating)),
        );
        if (!table) continue;
        // A diner whose account was deleted since the line was read is passed over (decision 076).
        if (!(await holdsRepo.keepDiner(trx, entry.user_id))) break;
        const hold = await writes.insertHold(trx, {
          userId: entry.user_id,
          restaurantId,
          tableId: table.id,
          offerId: null,
          entryId: entry.id,
          startsAt: seating.startsAt,
          endsAt: seating.endsAt,
          partySize: entry.party_size,
          holdMinutes,
          notAfter: seating.startsAt,
        });
        await repo.setEntryStatus(trx, entry.id, "held");
        occupied.push({ table_id: table.id, startsAt: seating.startsAt, endsAt: seating.endsAt });
        holding.add(repo.holdKey(entry));
        offered.push({
          id: hold.id,
          userId: entry.user_id,
          expiresAt: hold.hold_expires_at,
          startsAt: seating.startsAt,
          people: entry.party_size,
          tableNumber: table.number,
        });
        break;
      }
    }
    return offered;
  }

  async function assignSeats(
    trx: Transaction<DB>,
    scope: LineScope & { offerId: string },
    focus: LineFocus,
  ): Promise<OfferedHold[]> {
    await repo.lockLine(trx, scope);
    const offer = await holdsRepo.lockOffer(trx, scope.offerId);
    if (!offer?.open || offer.available_seats === 0) return [];
    const entries = await repo.listWaitingEntries(trx, scope, focus);
    const holding = await repo.holdsInLine(trx, scope);
    let available = offer.available_seats;
    const offered: OfferedHold[] = [];
    for (const entry of entries) {
      if (holding.has(repo.holdKey(entry)) || entry.party_size > available) continue;
      // A diner whose account was deleted since the line was read is passed over (decision 076).
      if (!(await holdsRepo.keepDiner(trx, entry.user_id))) continue;
      const hold = await writes.insertHold(trx, {
        userId: entry.user_id,
        restaurantId: scope.restaurantId,
        tableId: null,
        offerId: scope.offerId,
        entryId: entry.id,
        startsAt: offer.starts_at,
        endsAt: offer.ends_at,
        partySize: entry.party_size,
        holdMinutes,
        notAfter: offer.book_until_at,
      });
      await repo.setEntryStatus(trx, entry.id, "held");
      available -= entry.party_size;
      holding.add(repo.holdKey(entry));
      offered.push({
        id: hold.id,
        userId: entry.user_id,
        expiresAt: hold.hold_expires_at,
        startsAt: offer.starts_at,
        people: entry.party_size,
        tableNumber: null,
      });
    }
    return offered;
  }

  /** The hold mail with its one-tap link, and its push, staged in the hold's transaction. */
  async function stageHoldMail(trx: Transaction<DB>, hold: OfferedHold, restaurantId: string): Promise<AfterCommit> {
    const recipient = await holdsRepo.findRecipient(trx, hold.userId);
    const restaurant = await trx
      .selectFrom("restaurants")
      .select(["name", "time_zone"])
      .where("id", "=", restaurantId)
      .executeTakeFirstOrThrow();
    if (!recipient) return () => {};
    const token = newOpaqueToken();
    await holdsRepo.insertHoldLinkToken(trx, {
      tokenHash: hashToken(token),
      userId: hold.userId,
      holdId: hold.id,
      expiresAt: hold.expiresAt,
    });
    const seating = wallClockOf(hold.startsAt, restaurant.time_zone);
    const mail = holdOfferedMail(recipient.language, {
      name: recipient.first_name || recipient.display_name,
      restaurantName: restaurant.name,
      date: seating.date,
      time: seating.time,
      people: hold.people,
      tableNumber: hold.tableNumber,
      expiresAt: wallClockOf(hold.expiresAt, restaurant.time_zone).time,
      minutes: Math.max(1, Math.round((hold.expiresAt.getTime() - Date.now()) / 60_000)),
      confirmLink: `${appOrigin}${paths.holdConfirm(token)}`,
      historyLink: `${appOrigin}${paths.history()}`,
    });
    const sendMail = await mailer.stage(
      trx,
      { address: recipient.email, userId: hold.userId },
      recipient.language,
      mail,
    );
    const sendPush = await push.stage(
      trx,
      hold.userId,
      holdOfferedPush(recipient.language, {
        holdId: hold.id,
        restaurantName: restaurant.name,
        date: seating.date,
        time: seating.time,
        people: hold.people,
        expiresAt: wallClockOf(hold.expiresAt, restaurant.time_zone).time,
        confirmUrl: paths.holdConfirm(token),
        historyUrl: paths.history(),
      }),
    );
    return () => {
      sendMail();
      sendPush();
    };
  }

  /**
   * Matches the line inside the caller's transaction (a release, a join, the sweep) and stages the
   * hold mails in it; returns what starts their delivery after the commit.
   */
  async function assignWithin(trx: Transaction<DB>, scope: LineScope, focus: LineFocus = {}): Promise<AfterCommit[]> {
    const offered =
      scope.offerId === null
        ? await assignTables(trx, scope.restaurantId, focus, new Date())
        : await assignSeats(trx, { restaurantId: scope.restaurantId, offerId: scope.offerId }, focus);
    const mails: AfterCommit[] = [];
    for (const hold of offered) {
      const startDelivery = await stageHoldMail(trx, hold, scope.restaurantId);
      // Run after the commit only: a hold is counted as offered once it exists (decision 043).
      mails.push(() => {
        holdMetrics.inc({ event: "offered" });
        startDelivery();
      });
    }
    return mails;
  }

  /** One line matched in its own transaction; true when a hold was offered. */
  async function assignLine(scope: LineScope, options: { skipIfBusy?: boolean } = {}): Promise<number> {
    const mails = await db.transaction().execute(async (trx) => {
      if (options.skipIfBusy && !(await repo.tryLockLine(trx, scope))) return [];
      return assignWithin(trx, scope);
    });
    for (const start of mails) start();
    return mails.length;
  }

  return {
    assignWithin,
    assignLine,
    /**
     * Called after a write that freed tables or seats has committed (a cancellation, a move, an
     * account deletion). A failure is logged, never the freeing write's: every process's sweep
     * matches the line again within WAITLIST_POLL_SECONDS.
     */
    async freed(scopes: readonly LineScope[], options: { lineLocked?: boolean } = {}): Promise<void> {
      const unique = new Map(scopes.map((scope) => [`${scope.restaurantId}/${scope.offerId ?? ""}`, scope]));
      for (const scope of unique.values()) {
        await (async () => {
          // Nobody waiting after a write that held the line's lock: nothing to match (decisions 075, 076).
          if (options.lineLocked && !(await repo.anyoneWaiting(db, scope))) return;
          await assignLine(scope);
        })().catch((error: unknown) =>
          log.warn({ err: error, ...scope }, "waitlist matching failed; the sweep will retry"),
        );
      }
    },
  };
}

export type HoldAssigner = ReturnType<typeof createHoldAssigner>;
