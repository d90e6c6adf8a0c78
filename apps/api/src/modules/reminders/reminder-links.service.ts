import { translateShared } from "@tavolo/shared/i18n/translate";
import { wallClockOf } from "@tavolo/shared/dates";
import type { Language } from "@tavolo/shared/languages";
import type { ReminderLinkAnswerResponse, ReminderLinkDetailsResponse } from "@tavolo/shared/reminders";
import type { Kysely } from "kysely";
import type { DB } from "../../db/schema";
import { AppError, notFound } from "../../errors";
import { hashToken } from "../auth/secrets";
import { findReservationView } from "../reservations/reservation-views.repository";
import * as repo from "./reminders.repository";

const linkInvalid = () => notFound("reminder_link_invalid", "apiErrors.reminderLinkInvalid");
/** A spent or expired link says nothing about the booking (decision 046). */
const linkSpent = () => new AppError(410, "reminder_link_spent", "apiErrors.reminderLinkSpent");

/**
 * Releases a booking the diner cannot come to: the ordinary cancellation (mail and .ics, the table
 * or seats to the waitlist at once). One function, handed in by the reservations module, so the
 * reminder never writes a booking itself.
 */
export type ReleaseBooking = (userId: string, reservationId: string, language: Language) => Promise<void>;

/** The reminder's "Ci sarò" and "Non riesco a venire" links (decision 046). */
export function createReminderLinks(deps: { db: Kysely<DB>; release: ReleaseBooking }) {
  const { db, release } = deps;

  /** The link's booking, while the link is unused, unexpired and the booking still live. */
  async function liveLink(token: string) {
    const link = await repo.findLiveLink(db, hashToken(token));
    if (!link?.target || !link.user_id) throw linkInvalid();
    if (link.consumed_at || link.expired) throw linkSpent();
    const view = await findReservationView(db, link.target);
    if (!view || (view.status !== "pending" && view.status !== "confirmed")) throw linkSpent();
    const action = link.purpose === repo.REMINDER_PURPOSES.release ? ("release" as const) : ("attend" as const);
    return { action, view, userId: link.user_id };
  }

  return {
    async details(token: string): Promise<ReminderLinkDetailsResponse> {
      const { action, view } = await liveLink(token);
      const { date, time } = wallClockOf(view.starts_at, view.time_zone);
      return {
        success: true,
        action,
        restaurantName: view.restaurant_name,
        date,
        time,
        people: view.party_size,
        attending: await repo.isAttending(db, view.id),
      };
    },

    async attend(token: string, language: Language): Promise<ReminderLinkAnswerResponse> {
      const { action, view } = await liveLink(token);
      if (action !== "attend") throw linkInvalid();
      if (!(await repo.spendLink(db, hashToken(token)))) throw linkSpent();
      await repo.markAttending(db, view.id);
      return { success: true, action, message: translateShared(language, "apiMessages.reminderAttending") };
    },

    async release(token: string, language: Language): Promise<ReminderLinkAnswerResponse> {
      const { action, view, userId } = await liveLink(token);
      if (action !== "release") throw linkInvalid();
      const tokenHash = hashToken(token);
      // Spent first: of two taps at once only one releases.
      if (!(await repo.spendLink(db, tokenHash))) throw linkSpent();
      try {
        await release(userId, view.id, language);
      } catch (error) {
        await repo.unspendLink(db, tokenHash);
        throw error;
      }
      await repo.spendBookingLinks(db, view.id);
      return { success: true, action, message: translateShared(language, "apiMessages.reminderReleased") };
    },
  };
}
export type ReminderLinks = ReturnType<typeof createReminderLinks>;
