import type { Transaction } from "kysely";
import type { DB, WaitlistEntryStatus } from "../../db/schema";
import * as writes from "../reservations/reservation-writes.repository";
import * as holdsRepo from "./holds.repository";
import * as repo from "./waitlist.repository";

/**
 * Ends one hold inside `trx`, whoever ends it (the diner declining or leaving, the worker or a late
 * tap finding it lapsed): the table is freed (by the reservations module, decision 034), its links
 * are spent, and its line's entry says why. Passing the table on is the caller's: the worker does
 * it once for every hold of a line it released (decision 029).
 */
export async function releaseHold(
  trx: Transaction<DB>,
  hold: { id: string; waitlist_entry_id: string | null },
  entryStatus: Extract<WaitlistEntryStatus, "declined" | "lapsed" | "left">,
): Promise<void> {
  await writes.releaseHolds(trx, { id: hold.id });
  await holdsRepo.spendHoldLinks(trx, hold.id);
  if (hold.waitlist_entry_id) await repo.setEntryStatus(trx, hold.waitlist_entry_id, entryStatus);
}
