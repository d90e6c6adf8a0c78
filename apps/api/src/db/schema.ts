import type { ColumnType, Generated } from "kysely";
import type { AuthProvider } from "@tavolo/shared/auth";
import type { Language } from "@tavolo/shared/languages";
import type { OpeningHours } from "@tavolo/shared/opening-hours";
import type { StoredReservationStatus } from "@tavolo/shared/reservations";
import type { MailAttachment, NullableTimestamp, RequiredTimestamp, Timestamp } from "./schema-columns";
import type {
  PushOutboxTable,
  PushSubscriptionsTable,
  ReservationRemindersTable,
  WaitlistEntriesTable,
} from "./schema-waitlist-and-push";

export type * from "./schema-waitlist-and-push";

/** Row types of the tables, as Kysely sees them. Keep in step with migrations/. */
export interface CitiesTable {
  id: Generated<number>;
  slug: string;
  name_it: string;
  name_en: string;
  region: string;
  province: string;
  lat: number;
  lng: number;
  population: number;
  created_at: ColumnType<Date, never, never>;
}

export interface CityAliasesTable {
  key: string;
  city_id: number;
}

/** Kept by the database with every write of restaurants (migration 015); read, never written, by the API. */
export interface CityRestaurantCountsTable {
  city_id: number;
  /** '' for all the city's restaurants, else a cuisine. */
  category: string;
  restaurants: number;
}

export interface RestaurantsTable {
  id: Generated<string>;
  city_id: number;
  name: string;
  type: string;
  categories: string[];
  description_it: string;
  description_en: string;
  address: string;
  phone: string;
  image_key: string;
  rating: number;
  price_range: number;
  opening_hours: ColumnType<OpeningHours, string, string>;
  time_zone: string;
  lat: number;
  lng: number;
  auto_confirm: boolean;
  created_at: ColumnType<Date, never, never>;
  updated_at: ColumnType<Date, never, string>;
}

export interface RestaurantTablesTable {
  id: Generated<string>;
  restaurant_id: string;
  number: number;
  capacity: number;
  active: boolean;
}

/** Timestamps the database fills in and the application may set explicitly. */

export interface UsersTable {
  id: Generated<string>;
  email: string;
  password_hash: string | null;
  first_name: Generated<string>;
  last_name: Generated<string>;
  display_name: Generated<string>;
  phone_number: string | null;
  phone_verified: Generated<boolean>;
  email_verified: Generated<boolean>;
  language: Generated<Language>;
  terms_accepted: Generated<boolean>;
  newsletter_subscribed: Generated<boolean>;
  auth_provider: Generated<AuthProvider>;
  google_issuer: string | null;
  google_sub: string | null;
  created_at: ColumnType<Date, never, never>;
  updated_at: Timestamp;
}

export type SessionRevokeReason = "logout" | "reuse" | "password_reset" | "account_secured" | "password_change";

export interface AuthSessionsTable {
  id: Generated<string>;
  user_id: string;
  created_at: ColumnType<Date, never, never>;
  revoked_at: NullableTimestamp;
  revoke_reason: SessionRevokeReason | null;
}

export interface RefreshTokensTable {
  id: string;
  family_id: string;
  token_hash: string;
  expires_at: Timestamp;
  created_at: ColumnType<Date, never, never>;
  revoked_at: NullableTimestamp;
  replaced_by: string | null;
}

export type CodePurpose = "email_verification" | "phone_verification" | "login_step_up" | "account_deletion";

export interface OneTimeCodesTable {
  id: Generated<string>;
  user_id: string;
  purpose: CodePurpose;
  target: string;
  code_hash: string;
  expires_at: Timestamp;
  attempts: Generated<number>;
  consumed_at: NullableTimestamp;
  created_at: ColumnType<Date, never, never>;
}

export type ActionTokenPurpose =
  | "email_verification"
  | "password_reset"
  | "login"
  | "google_exchange"
  | "google_state"
  | "email_change"
  | "hold_confirm"
  | "reminder_release"
  | "reminder_attend";

export interface ActionTokensTable {
  id: Generated<string>;
  token_hash: string;
  purpose: ActionTokenPurpose;
  user_id: string | null;
  target: string | null;
  payload: ColumnType<unknown, string | null, string | null> | null;
  expires_at: Timestamp;
  consumed_at: NullableTimestamp;
  created_at: ColumnType<Date, never, never>;
}

export interface SendCooldownsTable {
  key: string;
  until: Timestamp;
}

export interface MailOutboxTable {
  id: Generated<number>;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string;
  language: Language;
  template: string;
  created_at: ColumnType<Date, never, never>;
  sent_at: NullableTimestamp;
  attempts: Generated<number>;
  last_error: string | null;
  attachments: ColumnType<MailAttachment[], string | undefined, string>;
  /** Extra header fields, e.g. List-Unsubscribe (decision 044). */
  headers: ColumnType<Record<string, string>, string | undefined, string>;
  /** Due for a (first or next) delivery attempt from then on; null once sent or given up. */
  next_attempt_at: NullableTimestamp;
  /** Given up after the last allowed attempt. */
  failed_at: NullableTimestamp;
  message_id: Generated<string>;
  /** Once delivered, the recipient becomes a hash and the bodies are emptied (decision 021). */
  forget_recipient_when_sent: Generated<boolean>;
  /** The account the message was written for; null for someone without one (decision 034). */
  user_id: ColumnType<string | null, string | null | undefined, string | null>;
}

/** A moment the application always supplies. */

export interface ReservationsTable {
  id: Generated<string>;
  /** null once the diner deleted their account: the restaurant keeps the booking, anonymous (decision 021). */
  user_id: ColumnType<string | null, string, never>;
  restaurant_id: string;
  /** Exactly one of table and offer (a Last Minute booking has no table). */
  table_id: string | null;
  offer_id: ColumnType<string | null, string | null | undefined, string | null>;
  starts_at: RequiredTimestamp;
  ends_at: RequiredTimestamp;
  party_size: number;
  special_requests: Generated<string>;
  status: StoredReservationStatus;
  created_at: ColumnType<Date, never, never>;
  cancelled_at: NullableTimestamp;
  /** Set while the row is a hold offered to a waiting diner (decision 029). */
  hold_expires_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  waitlist_entry_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** The .ics SEQUENCE of the booking's last mail: 0 when booked, one more per move and for the cancellation (decision 025). */
  calendar_sequence: Generated<number>;
}

export interface IdempotencyKeysTable {
  user_id: string;
  operation: string;
  key: string;
  request_hash: string;
  status_code: number;
  response: ColumnType<unknown, string, string>;
  created_at: ColumnType<Date, never, never>;
}

export type OfferSource = "seed" | "import";

export interface OffersTable {
  id: Generated<string>;
  restaurant_id: string;
  /** "YYYY-MM-DD" (the pg driver reads dates as text, see db/database.ts). */
  offer_date: ColumnType<string, string, string>;
  start_time: string;
  end_time: string;
  book_until: string;
  starts_at: RequiredTimestamp;
  ends_at: RequiredTimestamp;
  book_until_at: RequiredTimestamp;
  total_seats: number;
  available_seats: number;
  categories: string[];
  discount_percent: number | null;
  description_it: Generated<string>;
  description_en: Generated<string>;
  city_id: number;
  lat: number;
  lng: number;
  /** Generated from lat/lng (earthdistance's cube); never written. */
  earth_point: ColumnType<string, never, never>;
  source: Generated<OfferSource>;
  created_at: ColumnType<Date, never, never>;
  updated_at: Timestamp;
}

export interface CityInterestsTable {
  user_id: string;
  city_id: number;
  include_nearby: Generated<boolean>;
  radius_km: Generated<number>;
  created_at: ColumnType<Date, never, never>;
  updated_at: Timestamp;
}

/** Settings (decision 008). No row = the defaults of migration 004 (enabled, every restaurant, every day). */
export interface NotificationSettingsTable {
  user_id: string;
  enabled: boolean;
  favorite_restaurants: boolean;
  weekends_only: boolean;
  push_holds: Generated<boolean>;
  push_reminders: Generated<boolean>;
  push_bookings: Generated<boolean>;
  push_alerts: Generated<boolean>;
  updated_at: Timestamp;
}

export interface FavoritesTable {
  user_id: string;
  restaurant_id: string;
  created_at: ColumnType<Date, never, never>;
}

export interface DB {
  cities: CitiesTable;
  city_aliases: CityAliasesTable;
  city_restaurant_counts: CityRestaurantCountsTable;
  restaurants: RestaurantsTable;
  restaurant_tables: RestaurantTablesTable;
  users: UsersTable;
  auth_sessions: AuthSessionsTable;
  refresh_tokens: RefreshTokensTable;
  one_time_codes: OneTimeCodesTable;
  action_tokens: ActionTokensTable;
  send_cooldowns: SendCooldownsTable;
  mail_outbox: MailOutboxTable;
  reservations: ReservationsTable;
  idempotency_keys: IdempotencyKeysTable;
  notification_settings: NotificationSettingsTable;
  favorites: FavoritesTable;
  offers: OffersTable;
  city_interests: CityInterestsTable;
  waitlist_entries: WaitlistEntriesTable;
  push_subscriptions: PushSubscriptionsTable;
  push_outbox: PushOutboxTable;
  reservation_reminders: ReservationRemindersTable;
}
