import { paths } from "@tavolo/shared/app-paths";
import type { FastifyBaseLogger } from "fastify";
import type { Transaction } from "kysely";
import type { DB } from "../../db/schema";
import { wallClockOf } from "@tavolo/shared/dates";
import type { Mailer, StagedMail } from "../../mail/mailer";
import type { StoredMailRow } from "../../mail/outbox.repository";
import {
  reservationBookedMail,
  reservationCancelledMail,
  reservationMovedMail,
  type ReservationMailData,
} from "../../mail/templates/reservation-mails";
import { bookingChangedPush } from "../push/push-messages";
import type { PushSender } from "../push/push-sender";
import type { PushQueueValues, QueuedPush } from "../push/push.repository";
import type { ReservationViewRow } from "./reservation-views.repository";

/** A booking mail whose outbox row the booking's own statement writes (decision 074). */
export interface BookingMail {
  staged: StagedMail;
  /** Starts delivering the row the statement stored, once it has committed. */
  deliver(stored: StoredMailRow): () => void;
}

export interface ReservationNotifications {
  /** Never throws: a cancellation stands whatever happens to its mail. */
  cancelled(reservation: ReservationViewRow): Promise<void>;
  /**
   * Called inside the booking's transaction: stores the booking mail in it (booking and mail commit
   * together, one commit per booking) and returns what starts its delivery, for after the commit.
   */
  bookedWithin(trx: Transaction<DB>, reservation: ReservationViewRow): Promise<() => void>;
  /**
   * The same for a booking written as one statement (decision 074): the outbox row that statement
   * writes (booking and mail commit together), and what starts its delivery after the commit.
   */
  bookedMail(reservation: ReservationViewRow): BookingMail;
  /**
   * A moved booking's mail (its updated calendar event) and push, which the move's own statement
   * stores (decision 075): they exist only if the move committed, and go once it has.
   */
  movedMessages(reservation: ReservationViewRow): MovedMessages;
}

export interface MovedMessages {
  mail: StagedMail;
  /** Undefined: push is off, the statement queues none. */
  push: PushQueueValues | undefined;
  /** Starts delivering what the statement stored, once it has committed. */
  deliver(stored: StoredMailRow, pushes: readonly QueuedPush[]): () => void;
}

function mailData(row: ReservationViewRow, appOrigin: string, mailer: Mailer): ReservationMailData {
  const { date, time } = wallClockOf(row.starts_at, row.time_zone);
  return {
    reservationId: row.id,
    name: row.user_first_name || row.user_display_name,
    restaurantName: row.restaurant_name,
    address: row.address,
    city: row.user_language === "en" ? row.city_name_en : row.city_name_it,
    cityLocalName: row.city_name_it,
    lat: row.lat,
    lng: row.lng,
    date,
    time,
    startsAt: row.starts_at,
    endsAt: row.ends_at,
    timeZone: row.time_zone,
    people: row.party_size,
    tableNumber: row.table_number,
    status: row.status === "pending" ? "pending" : "confirmed",
    specialRequests: row.special_requests,
    historyLink: `${appOrigin}${paths.history()}`,
    searchLink: `${appOrigin}${paths.search()}`,
    sentAt: new Date(),
    calendarSequence: row.calendar_sequence,
    organizer: mailer.sender,
    dinerEmail: row.user_email,
  };
}

/** The push that goes with a moved or cancelled booking (decision 045), in the diner's language. */
function changePush(row: ReservationViewRow, change: "moved" | "cancelled") {
  const { date, time } = wallClockOf(row.starts_at, row.time_zone);
  return bookingChangedPush(row.user_language, change, {
    reservationId: row.id,
    restaurantName: row.restaurant_name,
    date,
    time,
    people: row.party_size,
    historyUrl: paths.history(),
  });
}

/** Booking and cancellation mails (and pushes for a change), in the diner's own language (not the request's). */
export function createReservationNotifications(deps: {
  mailer: Mailer;
  push: PushSender;
  appOrigin: string;
  log: FastifyBaseLogger;
}): ReservationNotifications {
  const { mailer, push, appOrigin, log } = deps;

  const recipient = (row: ReservationViewRow) => ({ address: row.user_email, userId: row.user_id });
  const render = (row: ReservationViewRow, template: typeof reservationBookedMail) =>
    template(row.user_language, mailData(row, appOrigin, mailer));

  async function send(row: ReservationViewRow, template: typeof reservationBookedMail): Promise<void> {
    try {
      await mailer.send(recipient(row), row.user_language, render(row, template));
    } catch (error) {
      log.warn({ err: error, reservationId: row.id }, "reservation mail not sent; the reservation stands");
    }
  }

  async function cancelled(row: ReservationViewRow): Promise<void> {
    await send(row, reservationCancelledMail);
    try {
      (await push.stage(push.db, row.user_id, changePush(row, "cancelled")))();
    } catch (error) {
      log.warn({ err: error, reservationId: row.id }, "cancellation push not queued; the cancellation stands");
    }
  }

  return {
    bookedWithin: (trx, row) =>
      mailer.stage(trx, recipient(row), row.user_language, render(row, reservationBookedMail)),
    bookedMail: (row) => ({
      staged: mailer.staged(recipient(row), row.user_language, render(row, reservationBookedMail)),
      deliver: mailer.deliverStaged,
    }),
    movedMessages(row) {
      return {
        mail: mailer.staged(recipient(row), row.user_language, render(row, reservationMovedMail)),
        push: push.staged(changePush(row, "moved")),
        deliver: (stored, pushes) => {
          const sendMail = mailer.deliverStaged(stored);
          const sendPush = push.deliverQueued(pushes);
          return () => {
            sendMail();
            sendPush();
          };
        },
      };
    },
    cancelled,
  };
}
