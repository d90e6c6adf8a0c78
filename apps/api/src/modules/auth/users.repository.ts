import { sql, type Insertable, type Kysely, type Selectable, type Transaction, type Updateable } from "kysely";
import type { DB, UsersTable } from "../../db/schema";

type Db = Kysely<DB> | Transaction<DB>;
export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserChanges = Omit<Updateable<UsersTable>, "id" | "created_at" | "updated_at">;

const byEmail = (email: string) => sql<boolean>`lower(email) = ${email.toLowerCase()}`;

export function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  return db.selectFrom("users").selectAll().where("id", "=", id).executeTakeFirst();
}

/** Addresses are one account whatever their case (the unique index is on lower(email)). */
export function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  return db.selectFrom("users").selectAll().where(byEmail(email)).executeTakeFirst();
}

export function findUserByGoogleSubject(db: Db, issuer: string, subject: string): Promise<UserRow | undefined> {
  return db
    .selectFrom("users")
    .selectAll()
    .where("google_issuer", "=", issuer)
    .where("google_sub", "=", subject)
    .executeTakeFirst();
}

/** Undefined when the address is taken (also when a concurrent registration won the race). */
export async function insertUser(db: Db, user: NewUser): Promise<UserRow | undefined> {
  return db
    .insertInto("users")
    .values(user)
    .onConflict((conflict) => conflict.expression(sql`lower(email)`).doNothing())
    .returningAll()
    .executeTakeFirst();
}

export function updateUser(db: Db, id: string, changes: UserChanges): Promise<UserRow | undefined> {
  return db
    .updateTable("users")
    .set({ ...changes, updated_at: sql<Date>`now()` })
    .where("id", "=", id)
    .returningAll()
    .executeTakeFirst();
}

/** Marks the address verified only while it is still the account's address. */
export function markEmailVerified(db: Db, id: string, email: string): Promise<UserRow | undefined> {
  return db
    .updateTable("users")
    .set({ email_verified: true, updated_at: sql<Date>`now()` })
    .where("id", "=", id)
    .where(byEmail(email))
    .returningAll()
    .executeTakeFirst();
}
