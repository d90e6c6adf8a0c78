import { holds as holdMetrics } from "../../metrics/business-metrics";
import type { Kysely, Transaction } from "kysely";
import { translateShared } from "@tavolo/shared/i18n/translate";
import type { Language } from "@tavolo/shared/languages";
import { checkBookingDate, hoursOn, openSeatingsBetween, type Seating } from "@tavolo/shared/reservation-slots";
import {
  WAITLIST_MAX_ACTIVE_ENTRIES,
  type HoldAnswerResponse,
  type JoinWaitlistInput,
  type WaitlistEntryResponse,
  type WaitlistResponse,
} from "@tavolo/shared/waitlist";
import type { DB } from "../../db/schema";
import { forbidden } from "../../errors";
import { hashToken } from "../auth/secrets";
import { partyTooLarge, seatingProblemError } from "../reservations/booking-rules";
import { findFreeSeatings } from "../reservations/free-seatings.repository";
import type { ReservationNotifications } from "../reservations/reservation-notifications";
import { findReservationView } from "../reservations/reservation-views.repository";
import { toReservation } from "../reservations/reservations.mapper";
import { restaurantNotFound } from "../restaurants/restaurants.service";
import type { HoldAssigner } from "./hold-assignment";
import { toWaitlistEntry } from "./waitlist.mapper";
import * as refusals from "./waitlist-errors";
import { lineOf } from "../reservations/freed-trigger";
import * as writes from "../reservations/reservation-writes.repository";
import { inDinersLine } from "./diner-in-line";
import { releaseHold } from "./hold-release";
import * as holdsRepo from "./holds.repository";
import * as repo from "./waitlist.repository";
import type { LineScope } from "./waitlist.repository";

/** "No lower bound": every seating of a window, past or to come. */
const EPOCH = new Date(0);
/**
 * How long a spent hold link still repeats its answer (a second tap, a page reloaded): after that
 * it is 410 with nothing of the booking, whoever holds the mail (decision 035).
 */
const HOLD_LINK_REPEAT_MINUTES = 5;

type AfterCommit = () => void;

/**
 * The diner's side of the waitlist (decision 029): join, list, leave, and answer a hold.
 * Every write that touches a line takes the line's lock first, then the rows: the order the
 * matching and the expiry worker use, so none of them waits on another in a cycle.
 */
export function createWaitlistService(deps: {
  db: Kysely<DB>;
  holds: HoldAssigner;
  notifications: ReservationNotifications;
  /**
   * Called once a change of what is free has committed (a hold taken, confirmed or released): the
   * availability caches of every process are cleared then, and never for a refused request
   * (decision 035).
   */
  availabilityChanged: () => void;
}) {
  const { db, holds, notifications, availabilityChanged } = deps;

  async function entryAnswer(id: string, language: Language, message: string): Promise<WaitlistEntryResponse> {
    const row = await repo.findEntryView(db, id);
    if (!row) throw refusals.entryNotFound();
    return { success: true, message: translateShared(language, message), entry: toWaitlistEntry(row) };
  }

  /** What the entry asks for, checked by the booking rules before anything is written. */
  async function describeEntry(
    userId: string,
    input: JoinWaitlistInput,
    now: Date,
  ): Promise<repo.NewEntry & { seatings?: Seating[] }> {
    if (input.lastMinuteId !== undefined) {
      const offer = await db
        .selectFrom("offers")
        .select(["restaurant_id", "offer_date", "start_time", "available_seats", "starts_at", "book_until_at"])
        .where("id", "=", input.lastMinuteId)
        .executeTakeFirst();
      if (!offer) throw refusals.offerNotFound();
      if (offer.book_until_at <= now) throw refusals.offerClosed();
      if (offer.available_seats >= input.people) throw refusals.offerOpen();
      // The entry lasts while the offer can be booked.
      return {
        userId,
        restaurantId: offer.restaurant_id,
        offerId: input.lastMinuteId,
        date: offer.offer_date,
        timeFrom: offer.start_time,
        timeTo: offer.start_time,
        windowStartsAt: now,
        windowEndsAt: offer.book_until_at,
        people: input.people,
      };
    }
    const restaurantId = input.restaurantId ?? "";
    const date = input.date ?? "";
    const timeFrom = input.timeFrom ?? "";
    const timeTo = input.timeTo ?? "";
    const restaurant = await repo.findLineRestaurant(db, restaurantId);
    if (!restaurant) throw restaurantNotFound();
    const dateProblem = checkBookingDate(date, restaurant.time_zone, now);
    if (dateProblem) throw seatingProblemError(dateProblem);
    if (!hoursOn(restaurant.opening_hours, date)) throw seatingProblemError("closed");
    // Waiting for a table no table of the restaurant could ever be: refused, as a move would be.
    const tables = await repo.listActiveTables(db, restaurantId);
    if (!tables.some((table) => table.capacity >= input.people)) throw partyTooLarge(input.people);
    // Every seating of the window, past ones too: none at all means the restaurant is closed then,
    // and nothing could ever free there (decision 035).
    const inWindow = openSeatingsBetween(restaurant.opening_hours, restaurant.time_zone, date, timeFrom, timeTo, EPOCH);
    if (inWindow.length === 0) throw refusals.closedInWindow();
    const seatings = inWindow.filter((seating) => seating.startsAt > now);
    if (seatings.length === 0) throw refusals.windowPassed();
    // The window as the seatings it accepts: the entry ends when its last one has started.
    return {
      userId,
      restaurantId,
      offerId: null,
      date,
      timeFrom,
      timeTo,
      windowStartsAt: seatings[0]!.startsAt,
      windowEndsAt: seatings.at(-1)!.startsAt,
      people: input.people,
      seatings,
    };
  }

  /** Releases a hold inside `trx` (the line is locked) and passes the table on to the next in line. */
  async function releaseAndPassOn(
    trx: Transaction<DB>,
    hold: {
      id: string;
      waitlist_entry_id: string | null;
      restaurant_id: string;
      offer_id: string | null;
      wanted_date: string | null;
    },
    entryStatus: "declined" | "lapsed" | "left",
  ): Promise<AfterCommit[] & { released?: true }> {
    await releaseHold(trx, hold, entryStatus);
    // Only the hold's day changed: its waiting diners are the ones to match.
    const mails = await holds.assignWithin(trx, lineOf(hold), hold.wanted_date ? { date: hold.wanted_date } : {});
    return Object.assign(mails, { released: true as const });
  }

  async function confirm(userId: string, holdId: string, language: Language): Promise<HoldAnswerResponse> {
    const line = await holdsRepo.findHoldLine(db, holdId);
    if (!line) throw refusals.holdNotFound();
    const scope = { userId, line: lineOf(line), missing: refusals.holdNotFound };
    const outcome = await inDinersLine(db, scope, async (trx) => {
      const hold = await holdsRepo.lockHold(trx, holdId);
      if (!hold) throw refusals.holdNotFound();
      if (hold.user_id !== userId) throw forbidden();
      if (hold.status === "held" && !hold.expired) {
        const status = hold.auto_confirm ? "confirmed" : "pending";
        await writes.confirmHold(trx, holdId, status);
        await holdsRepo.spendHoldLinks(trx, holdId);
        if (hold.waitlist_entry_id) await repo.setEntryStatus(trx, hold.waitlist_entry_id, "booked");
        const view = await findReservationView(trx, holdId);
        if (!view) throw refusals.holdNotFound();
        const booked = await notifications.bookedWithin(trx, view);
        // Holding nothing now, the diner's other waits of the day are matched at once, not by the sweep.
        const offered = await holds.assignWithin(trx, lineOf(hold), hold.wanted_date ? { date: hold.wanted_date } : {});
        return { kind: "booked" as const, changed: true, mails: [booked, ...offered] };
      }
      // Its time is up though no worker has released it yet: released now, passed on, and 410.
      if (hold.status === "held")
        return { kind: "expired" as const, changed: true, mails: await releaseAndPassOn(trx, hold, "lapsed") };
      if (hold.status === "released")
        return {
          kind: hold.entry_status === "declined" ? ("declined" as const) : ("expired" as const),
          changed: false,
          mails: [],
        };
      // Confirmed before (pending, confirmed, or since cancelled): the same answer again.
      return { kind: "booked" as const, changed: false, mails: [] };
    });
    for (const start of outcome.mails) start();
    // A first answer sends mail; a repeated one does not, and is not counted again.
    if (outcome.mails.length > 0) holdMetrics.inc({ event: outcome.kind === "booked" ? "confirmed" : "expired" });
    if (outcome.changed) availabilityChanged();
    if (outcome.kind === "expired") throw refusals.holdExpired();
    if (outcome.kind === "declined") throw refusals.holdDeclined();
    const view = await findReservationView(db, holdId);
    if (!view) throw refusals.holdNotFound();
    const message = view.status === "pending" ? "apiMessages.holdConfirmedPending" : "apiMessages.holdConfirmed";
    return {
      success: true,
      message: translateShared(language, message),
      reservation: toReservation(view, language),
    };
  }

  return {
    async join(userId: string, input: JoinWaitlistInput, language: Language): Promise<WaitlistEntryResponse> {
      const entry = await describeEntry(userId, input, new Date());
      const scope: LineScope =
        entry.offerId === null
          ? { restaurantId: entry.restaurantId, offerId: null }
          : { restaurantId: entry.restaurantId, offerId: entry.offerId };
      const { id, mails } = await db.transaction().execute(async (trx) => {
        // One join of a diner at a time: the limit is counted, then kept.
        await repo.lockDinerJoins(trx, userId);
        if (entry.seatings) {
          // A fitting table free in the window now is booked, not waited for: the diner is offered
          // its times instead (decision 035). Read under the line's lock, which a freeing write's
          // matching takes after its commit: a table freed after this read is matched once this
          // join has committed, with its entry in line.
          await repo.lockLine(trx, scope);
          const [free = []] = await findFreeSeatings(
            trx,
            [{ restaurantId: entry.restaurantId, seatings: entry.seatings }],
            entry.people,
          );
          if (free.length > 0) throw refusals.tableAvailable(free.map((seating) => seating.time));
        }
        if ((await repo.countActiveEntries(trx, userId)) >= WAITLIST_MAX_ACTIVE_ENTRIES) throw refusals.tooMany();
        if (await repo.hasOverlappingEntry(trx, entry)) throw refusals.duplicate();
        const entryId = await repo.insertEntry(trx, entry);
        // Something may be free already (freed between the search and the join): held at once.
        // Matched by day, not by the new entry alone: someone earlier in line comes first.
        return { id: entryId, mails: await holds.assignWithin(trx, scope, { date: entry.date }) };
      });
      for (const start of mails) start();
      if (mails.length > 0) availabilityChanged();
      return entryAnswer(id, language, "apiMessages.waitlistJoined");
    },

    async list(userId: string): Promise<WaitlistResponse> {
      const rows = await repo.listActiveEntryViews(db, userId);
      return { success: true, entries: rows.map(toWaitlistEntry) };
    },

    /** Leaves the line; a hold offered to the entry is declined with it. Leaving twice answers the same. */
    async leave(userId: string, entryId: string, language: Language): Promise<WaitlistEntryResponse> {
      const found = await repo.findEntryView(db, entryId);
      if (!found) throw refusals.entryNotFound();
      if (found.user_id !== userId) throw forbidden();
      const scope = { userId, line: lineOf(found), missing: refusals.entryNotFound };
      const mails: AfterCommit[] & { released?: true } = await inDinersLine(db, scope, async (trx) => {
        const entry = await repo.lockEntry(trx, entryId);
        if (!entry) throw refusals.entryNotFound();
        if (entry.status === "waiting") {
          await repo.setEntryStatus(trx, entryId, "left");
          return [];
        }
        if (entry.status !== "held" || !found.hold_id) return [];
        const hold = await holdsRepo.lockHold(trx, found.hold_id);
        if (!hold || hold.status !== "held") return [];
        return releaseAndPassOn(trx, hold, "left");
      });
      for (const start of mails) start();
      if (mails.released) availabilityChanged();
      return entryAnswer(entryId, language, "apiMessages.waitlistLeft");
    },

    confirm,

    /**
     * The one-tap link of the hold mail: the token stands for the diner, once. A second tap soon
     * after confirming gets the booking again; once the link has expired, or was spent more than
     * HOLD_LINK_REPEAT_MINUTES ago, it is 410 and tells nothing of the booking (decision 035).
     */
    async confirmByLink(token: string, language: Language): Promise<HoldAnswerResponse> {
      const link = await holdsRepo.findHoldLinkToken(db, hashToken(token), HOLD_LINK_REPEAT_MINUTES);
      if (!link?.user_id || !link.target) throw refusals.holdNotFound();
      if (!link.usable) {
        const state = await holdsRepo.findHoldState(db, link.target);
        if (state?.status === "pending" || state?.status === "confirmed") {
          if (!link.repeatable) throw refusals.linkUsed();
          return confirm(link.user_id, link.target, language);
        }
        if (state?.status === "held" || state?.entry_status === "lapsed") throw refusals.holdExpired();
        throw refusals.linkUsed();
      }
      return confirm(link.user_id, link.target, language);
    },

    async decline(userId: string, holdId: string, language: Language): Promise<HoldAnswerResponse> {
      const line = await holdsRepo.findHoldLine(db, holdId);
      if (!line) throw refusals.holdNotFound();
      const scope = { userId, line: lineOf(line), missing: refusals.holdNotFound };
      const mails: AfterCommit[] & { released?: true } = await inDinersLine(db, scope, async (trx) => {
        const hold = await holdsRepo.lockHold(trx, holdId);
        if (!hold) throw refusals.holdNotFound();
        if (hold.user_id !== userId) throw forbidden();
        if (hold.status === "held") return releaseAndPassOn(trx, hold, hold.expired ? "lapsed" : "declined");
        if (hold.status === "released") return [];
        throw refusals.holdConfirmed();
      });
      for (const start of mails) start();
      if (mails.released) availabilityChanged();
      return { success: true, message: translateShared(language, "apiMessages.holdDeclined"), reservation: null };
    },
  };
}

export type WaitlistService = ReturnType<typeof createWaitlistService>;
