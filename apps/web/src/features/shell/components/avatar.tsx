import type { StoredUser } from "../../../lib/storage";
import { avatarInitial } from "../../auth/session/user-display";
import styles from "./avatar.module.css";

export function Avatar({ user, size = "md" }: { user: StoredUser | null; size?: "md" | "lg" }) {
  return (
    <span className={`${styles.avatar} ${styles[size]}`} aria-hidden="true" data-testid="avatar">
      {avatarInitial(user)}
    </span>
  );
}
