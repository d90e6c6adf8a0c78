import type { Kysely } from "kysely";
import { wallClockOf } from "@tavolo/shared/dates";
import type { HoldLinkDetailsResponse } from "@tavolo/shared/waitlist";
import type { DB } from "../../db/schema";
import { hashToken } from "../auth/secrets";
import * as holdsRepo from "./holds.repository";
import { holdExpired, holdNotFound, linkUsed } from "./waitlist-errors";

/**
 * What the hold mail's link would confirm, read by its token so the page can say it before the tap
 * (decision 040). Only while the link can still be used: a spent or expired link answers 410 with
 * nothing of the hold, as confirming by it does (decision 035). Reading never spends the link, so a
 * mail scanner opening it changes nothing.
 */
export async function holdByLink(db: Kysely<DB>, token: string): Promise<HoldLinkDetailsResponse> {
  const link = await holdsRepo.findHoldLinkToken(db, hashToken(token), 0);
  if (!link?.user_id || !link.target) throw holdNotFound();
  const view = link.usable ? await holdsRepo.findHeldHoldView(db, link.target) : undefined;
  if (!view?.hold_expires_at) {
    const state = await holdsRepo.findHoldState(db, link.target);
    if (state?.status === "held" || state?.entry_status === "lapsed") throw holdExpired();
    throw linkUsed();
  }
  const { date, time } = wallClockOf(view.starts_at, view.time_zone);
  return {
    success: true,
    hold: {
      id: view.id,
      restaurantId: view.restaurant_id,
      restaurantName: view.restaurant_name,
      date,
      time,
      people: view.party_size,
      tableNumber: view.table_number,
      lastMinuteId: view.offer_id,
      expiresAt: view.hold_expires_at.toISOString(),
    },
  };
}
