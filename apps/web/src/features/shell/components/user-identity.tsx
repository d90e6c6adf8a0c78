import type { ReactNode } from "react";
import type { StoredUser } from "../../../lib/storage";
import { displayNameOf } from "../../auth/session/user-display";
import { Avatar } from "./avatar";
import styles from "./user-identity.module.css";

/** Who is signed in (SPEC §2 Shell): avatar initial, display name and e-mail, in both menus. */
export function UserIdentity({ user, className, end }: { user: StoredUser; className?: string; end?: ReactNode }) {
  return (
    <div className={[styles.identity, className].filter(Boolean).join(" ")}>
      <Avatar user={user} size="lg" />
      <div className={styles.text}>
        <p className={styles.name}>{displayNameOf(user)}</p>
        {/* Long addresses are cut with an ellipsis; the title still shows them whole. */}
        <p className={styles.email} title={user.email}>
          {user.email}
        </p>
      </div>
      {end}
    </div>
  );
}
