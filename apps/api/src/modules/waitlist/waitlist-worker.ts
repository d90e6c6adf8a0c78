import { holds as holdMetrics } from "../../metrics/business-metrics";
import type { FastifyBaseLogger } from "fastify";
import type { Kysely } from "kysely";
import type { DB } from "../../db/schema";
import type { HoldAssigner } from "./hold-assignment";
import { lineOf } from "../reservations/freed-trigger";
import { releaseHold } from "./hold-release";
import * as holdsRepo from "./holds.repository";
import * as repo from "./waitlist.repository";
import type { LineScope } from "./waitlist.repository";
import { pollingWorker } from "../../background/polling-worker";

/** Due holds one pass takes at a time; the pass goes on while it finds full batches. */
const EXPIRY_BATCH = 50;
/** Lines one sweep looks at: far more than a day of waiting diners needs. */
const SWEEP_LINES = 2_000;

/**
 * The waitlist's background work, run by every API process every WAITLIST_POLL_SECONDS (decision
 * 029): holds whose time is up are released and passed on to the next in line, then every line
 * with someone waiting is matched again (a table added by an import, seats given back by an offer
 * update, a trigger lost with its process). Nothing belongs to one process: a hold is taken under
 * its line's lock and its row's FOR UPDATE SKIP LOCKED, and released only while still 'held' and
 * due, so two processes never release or pass on one hold twice; a line another process is
 * matching is skipped by the sweep.
 */
export function createWaitlistWorker(deps: {
  db: Kysely<DB>;
  holds: HoldAssigner;
  log: FastifyBaseLogger;
  /** Called when a pass changed what is free: the availability caches of every process are cleared. */
  invalidateAvailability: () => void;
}) {
  const { db, holds, log, invalidateAvailability } = deps;

  /**
   * Releases one line's due holds together and matches the line once: tables freed in one pass are
   * freed at once, so the next in line gets the smallest that seats the party, as after a deletion
   * (decision 029). Released one by one, a large table lapsing first went to a small party.
   */
  async function expireLine(ids: readonly string[], scope: LineScope): Promise<number> {
    const outcome = await db.transaction().execute(async (trx) => {
      await repo.lockLine(trx, scope);
      const days = new Set<string | null>();
      let released = 0;
      for (const id of ids) {
        const hold = await holdsRepo.lockHold(trx, id, { skipLocked: true });
        if (!hold || hold.status !== "held" || !hold.expired) continue;
        await releaseHold(trx, hold, "lapsed");
        days.add(hold.wanted_date);
        released += 1;
      }
      if (released === 0) return { released, mails: [] };
      // Only the holds' days changed: when they share one, its waiting diners are the ones to match.
      const [day] = days;
      const focus = days.size === 1 && day ? { date: day } : {};
      return { released, mails: await holds.assignWithin(trx, scope, focus) };
    });
    for (const start of outcome.mails) start();
    if (outcome.released > 0) holdMetrics.inc({ event: "expired" }, outcome.released);
    return outcome.released;
  }

  /** Releases every due hold (passing them on, line by line); the number released. */
  async function expireDue(): Promise<number> {
    let released = 0;
    for (;;) {
      const due = await holdsRepo.dueHolds(db, EXPIRY_BATCH);
      const lines = new Map<string, { scope: LineScope; ids: string[] }>();
      for (const hold of due) {
        const scope = lineOf(hold);
        const key = `${scope.restaurantId}/${scope.offerId ?? ""}`;
        const line = lines.get(key) ?? { scope, ids: [] };
        line.ids.push(hold.id);
        lines.set(key, line);
      }
      let progressed = 0;
      for (const { scope, ids } of lines.values()) progressed += await expireLine(ids, scope);
      released += progressed;
      // A short batch, or one whose holds another process took meanwhile: done for this pass.
      if (due.length < EXPIRY_BATCH || progressed === 0) return released;
    }
  }

  /** Matches every line with someone waiting that no other process is matching; the holds offered. */
  async function sweep(): Promise<number> {
    let offered = 0;
    for (const scope of await repo.linesWithWaitingEntries(db, SWEEP_LINES)) {
      offered += await holds.assignLine(scope, { skipIfBusy: true });
    }
    return offered;
  }

  async function runOnce(): Promise<{ released: number; offered: number }> {
    const released = await expireDue();
    const offered = await sweep();
    if (released > 0 || offered > 0) invalidateAvailability();
    return { released, offered };
  }

  return pollingWorker("waitlist", log, runOnce);
}

export type WaitlistWorker = ReturnType<typeof createWaitlistWorker>;
