import { sql, type Kysely, type Selectable, type SelectQueryBuilder, type Transaction } from "kysely";
import type { Language } from "@tavolo/shared/languages";
import { HOLD_STATUSES, type ReservationStatus } from "@tavolo/shared/reservations";
import type { DB, ReservationsTable } from "../../db/schema";

type Db = Kysely<DB> | Transaction<DB>;

/** How a reservation reads: one SELECT for every answer, over stored rows or rows just written. */

/** A reservation with what a diner sees of its restaurant and table. */
export interface ReservationViewRow {
  id: string;
  user_id: string;
  restaurant_id: string;
  /** A table booking names its table; a Last Minute booking its offer instead. */
  table_id: string | null;
  table_number: number | null;
  offer_id: string | null;
  starts_at: Date;
  ends_at: Date;
  party_size: number;
  special_requests: string;
  status: ReservationStatus;
  can_cancel: boolean;
  /** "Ci sarò" recorded on the booking's reminder (decision 046). */
  attending: boolean;
  created_at: Date;
  cancelled_at: Date | null;
  restaurant_name: string;
  image_key: string;
  lat: number;
  lng: number;
  address: string;
  categories: string[];
  time_zone: string;
  city_name_it: string;
  city_name_en: string;
  /** Whom the booking mails go to, in which language; never part of an answer. */
  user_email: string;
  user_language: Language;
  user_first_name: string;
  user_display_name: string;
  /** The .ics SEQUENCE its latest mail carries (decision 025). */
  calendar_sequence: number;
}

/** What a booking's view shows of its restaurant and city (`r`, `c`): every answer, and a new booking's first read. */
export const RESTAURANT_VIEW_COLUMNS = [
  "r.name as restaurant_name",
  "r.image_key",
  "r.lat",
  "r.lng",
  "r.address",
  "r.categories",
  "r.time_zone",
  "c.name_it as city_name_it",
  "c.name_en as city_name_en",
] as const;

/** "Ci sarò" of the booking `res`: read here, written only by the reminders module (decision 046). */
export const attendingOf = () =>
  sql<boolean>`EXISTS (SELECT 1 FROM reservation_reminders rr WHERE rr.reservation_id = res.id AND rr.attended_at IS NOT NULL)`.as(
    "attending",
  );

export type ReservationSource = SelectQueryBuilder<DB & { res: Selectable<ReservationsTable> }, "res", object>;

/**
 * The shared SELECT of every reservation answer, over stored rows or rows just inserted.
 * `completed` is not stored: a confirmed seating that has ended reads as completed, by the
 * database's clock (docs/decisions/007-reservations.md).
 */
export function viewOf(source: ReservationSource) {
  return (
    source
      .innerJoin("restaurants as r", "r.id", "res.restaurant_id")
      .innerJoin("cities as c", "c.id", "r.city_id")
      .leftJoin("restaurant_tables as t", "t.id", "res.table_id")
      .innerJoin("users as u", "u.id", "res.user_id")
      .select([
        "res.id",
        "res.user_id",
        "res.restaurant_id",
        "res.table_id",
        "t.number as table_number",
        "res.offer_id",
        "res.starts_at",
        "res.ends_at",
        "res.party_size",
        "res.special_requests",
        sql<ReservationStatus>`CASE WHEN res.status = 'confirmed' AND res.ends_at <= now() THEN 'completed' ELSE res.status END`.as(
          "status",
        ),
        sql<boolean>`res.status IN ('pending', 'confirmed') AND res.starts_at > now()`.as("can_cancel"),
        attendingOf(),
        "res.created_at",
        "res.cancelled_at",
        ...RESTAURANT_VIEW_COLUMNS,
        "u.email as user_email",
        "u.language as user_language",
        "u.first_name as user_first_name",
        "u.display_name as user_display_name",
        "res.calendar_sequence",
      ])
      // The inner join on users: a view always has its diner (kept anonymous bookings have none, decision 021).
      .$narrowType<{ user_id: string }>()
  );
}

function reservationViews(db: Db) {
  return viewOf(db.selectFrom((eb) => eb.selectFrom("reservations").selectAll().as("res")));
}

export function findReservationView(db: Db, id: string): Promise<ReservationViewRow | undefined> {
  return reservationViews(db).where("res.id", "=", id).executeTakeFirst();
}

/**
 * Newest seating first; the (user_id, starts_at DESC) index serves it. No limit: every one (the
 * account export, decision 021).
 */
export function listUserReservationViews(db: Db, userId: string, limit?: number): Promise<ReservationViewRow[]> {
  return (
    reservationViews(db)
      .where("res.user_id", "=", userId)
      // Holds are offers to the diner, not bookings: the waitlist answers show them (decision 029).
      .where("res.status", "not in", HOLD_STATUSES)
      .orderBy("res.starts_at", "desc")
      .orderBy("res.created_at", "desc")
      .$if(limit !== undefined, (query) => query.limit(limit ?? 0))
      .execute()
  );
}

export function findReservationOwnerAndStatus(db: Db, id: string) {
  return db.selectFrom("reservations").select(["user_id", "status"]).where("id", "=", id).executeTakeFirst();
}
