import type { AuthUser } from "@tavolo/shared/auth";
import { dispatchProfileUpdated } from "../features/auth/session/session-context";
import { storeUser } from "../features/auth/session/session-storage";
import { storage } from "../lib/storage";

/** Stores the user the server answered with and tells the header (SPEC §4 profile-updated). */
export function adoptUser(user: AuthUser): void {
  const stored = storage.parseUser(user);
  if (!stored) return;
  storeUser(stored);
  dispatchProfileUpdated();
}
