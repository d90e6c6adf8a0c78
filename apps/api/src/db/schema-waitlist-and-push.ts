import type { ColumnType, Generated } from "kysely";
import type { NullableTimestamp, RequiredTimestamp } from "./schema-columns";

/** Row types of the waitlist's and the notifications' tables (decisions 029, 045, 046). */
export type PushKind = "hold" | "reminder" | "booking" | "alert";

/** A browser's Web Push subscription (decision 045). */
export interface PushSubscriptionsTable {
  id: Generated<string>;
  user_id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  created_at: ColumnType<Date, never, never>;
}

/** A push waiting to be sent, retried like the mail outbox (decision 045). */
export interface PushOutboxTable {
  id: Generated<number>;
  subscription_id: string;
  kind: PushKind;
  payload: ColumnType<unknown, string, string>;
  ttl_seconds: number;
  attempts: Generated<number>;
  next_attempt_at: NullableTimestamp;
  sent_at: NullableTimestamp;
  failed_at: NullableTimestamp;
  last_error: string | null;
  created_at: ColumnType<Date, never, never>;
}

/** A booking's reminder, once sent; attended_at is the diner's "Ci sarò" (decision 046). */
export interface ReservationRemindersTable {
  reservation_id: string;
  sent_at: Generated<Date>;
  attended_at: NullableTimestamp;
}

export type WaitlistEntryStatus = "waiting" | "held" | "booked" | "declined" | "lapsed" | "left";

/** A diner in line for a table or an offer's seats (decision 029). */
export interface WaitlistEntriesTable {
  id: Generated<string>;
  queue_no: ColumnType<string, never, never>;
  user_id: string;
  restaurant_id: string;
  offer_id: string | null;
  /** "YYYY-MM-DD" (read as text, see database.ts). */
  wanted_date: string;
  time_from: string;
  time_to: string;
  window_starts_at: RequiredTimestamp;
  window_ends_at: RequiredTimestamp;
  party_size: number;
  status: Generated<WaitlistEntryStatus>;
  created_at: ColumnType<Date, never, never>;
}
