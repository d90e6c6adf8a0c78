import { NavLink } from "react-router";
import { useTranslation } from "react-i18next";
import type { ReactNode } from "react";
import { paths } from "../../../config/paths";
import { CalendarIcon, HomeIcon, LoginIcon, SearchIcon, UserIcon, UserPlusIcon } from "../../../components/ui/icons";
import { useSession } from "../../auth/session/session-context";
import { useSignInPaths } from "../../auth/session/route-guards";
import styles from "./bottom-bar.module.css";

interface Item {
  to: string;
  label: string;
  icon: ReactNode;
  end?: boolean;
}

/** Mobile tab bar (CSS shows it at 768 px and below): home, search, then account items. */
export function BottomBar() {
  const { t } = useTranslation();
  const { showSignedIn } = useSession();
  const signIn = useSignInPaths();
  const items: Item[] = [
    { to: paths.home(), label: t("nav.home"), icon: <HomeIcon size={22} />, end: true },
    { to: paths.search(), label: t("nav.searchShort"), icon: <SearchIcon size={22} /> },
  ];
  // While the session loads in a browser that holds one, already the signed-in tabs (decision 038).
  if (showSignedIn) {
    items.push(
      { to: paths.history(), label: t("nav.history"), icon: <CalendarIcon size={22} /> },
      { to: paths.settings(), label: t("nav.profile"), icon: <UserIcon size={22} /> },
    );
  } else {
    items.push(
      { to: signIn.login, label: t("nav.login"), icon: <LoginIcon size={22} /> },
      { to: signIn.register, label: t("nav.register"), icon: <UserPlusIcon size={22} /> },
    );
  }
  return (
    <nav className={styles.bar} aria-label={t("nav.tabs")}>
      <ul role="list" className={styles.list}>
        {items.map((item) => (
          <li key={item.to} className={styles.item}>
            <NavLink
              to={item.to}
              end={item.end}
              className={({ isActive }) => `${styles.link} ${isActive ? styles.active : ""}`}
            >
              <span className={styles.icon}>{item.icon}</span>
              <span className={styles.label}>{item.label}</span>
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
