import { sql, type Kysely, type Transaction } from "kysely";
import type { DB } from "../../db/schema";
import { bookingFirstRead, dinerWithStoredAnswer, type DinerAndKeyParams } from "./idempotency.repository";
import { attendingOf } from "./reservation-views.repository";
import { BOOKING_PLACE_COLUMNS } from "./reservations.repository";

type Db = Kysely<DB> | Transaction<DB>;

interface MoveContextParams extends DinerAndKeyParams {
  reservationId: string;
  /** The table asked for; null: the server picks one. */
  tableId: string | null;
}

const buildMoveContext = (
  db: Db,
  param: <K extends keyof MoveContextParams & string>(name: K) => MoveContextParams[K],
) =>
  dinerWithStoredAnswer(db, param)
    .leftJoin("reservations as res", (join) => join.on("res.id", "=", param("reservationId")))
    .leftJoin("restaurants as r", "r.id", "res.restaurant_id")
    .leftJoin("cities as c", "c.id", "r.city_id")
    .leftJoin("restaurant_tables as t", (join) =>
      join.onRef("t.restaurant_id", "=", "r.id").on("t.id", "=", param("tableId")),
    )
    .select([
      "res.id as reservation_id",
      "res.user_id as owner_id",
      "res.table_id as current_table_id",
      // What may still be moved: live and not started (the statement checks it again).
      sql<boolean>`res.status IN ('pending', 'confirmed') AND res.starts_at > now()`.as("movable"),
      "res.calendar_sequence",
      "res.special_requests",
      "res.created_at",
      attendingOf(),
      ...BOOKING_PLACE_COLUMNS,
    ]);

/**
 * Everything a move needs before its one statement (decision 075), in one read and with no lock:
 * the booking as it is now (`reservation_id` null: none such), its version (`calendar_sequence`,
 * which the statement moves it from), its restaurant's hours and policy, the table asked for if it
 * is that restaurant's, what the answer and the mails show, and the answer the Idempotency-Key
 * already has. Undefined: the diner's account is gone.
 */
export const findMoveContext = bookingFirstRead<MoveContextParams, ReturnType<typeof buildMoveContext>>(
  buildMoveContext,
);

export type MoveContextRow = NonNullable<Awaited<ReturnType<typeof findMoveContext>>>;
