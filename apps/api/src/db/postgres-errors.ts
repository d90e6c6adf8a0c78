/** SQLSTATE codes the application answers itself (https://www.postgresql.org/docs/15/errcodes-appendix.html). */
const EXCLUSION_VIOLATION = "23P01";
const UNIQUE_VIOLATION = "23505";
const CHECK_VIOLATION = "23514";
const FOREIGN_KEY_VIOLATION = "23503";

function sqlState(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" ? code : undefined;
}

/** An exclusion constraint refused the row: for reservations, the table is already taken. */
export const isExclusionViolation = (error: unknown) => sqlState(error) === EXCLUSION_VIOLATION;

/** A unique index refused the row (`constraint` narrows it to one index by name). */
export const isUniqueViolation = (error: unknown, constraint?: string) =>
  sqlState(error) === UNIQUE_VIOLATION &&
  (constraint === undefined || (error as { constraint?: unknown }).constraint === constraint);

/** A CHECK constraint refused the row (`constraint` narrows it to one by name). */
export const isCheckViolation = (error: unknown, constraint?: string) =>
  sqlState(error) === CHECK_VIOLATION &&
  (constraint === undefined || (error as { constraint?: unknown }).constraint === constraint);

/**
 * A row named a user that no longer exists: the account was deleted while the request ran (its
 * deletion locks the user row, so a write of that user waits and then fails here; decision 021).
 */
export const isDeletedUserReference = (error: unknown) =>
  sqlState(error) === FOREIGN_KEY_VIOLATION &&
  /_user_id_fkey$/.test(String((error as { constraint?: unknown }).constraint ?? ""));
