import type { StoredUser } from "../../../lib/storage";

/** Avatar letter: display name, else first name, else '?' (SPEC §2 Shell). */
export function avatarInitial(user: Pick<StoredUser, "displayName" | "firstName"> | null): string {
  const source = user?.displayName?.trim() || user?.firstName?.trim() || "";
  const first = Array.from(source)[0];
  return first ? first.toLocaleUpperCase() : "?";
}

/** Name shown beside the avatar: display name, else first + last name, else the email. */
export function displayNameOf(user: StoredUser | null): string {
  if (!user) return "";
  const full = [user.firstName, user.lastName].filter(Boolean).join(" ").trim();
  return user.displayName?.trim() || full || user.email;
}
