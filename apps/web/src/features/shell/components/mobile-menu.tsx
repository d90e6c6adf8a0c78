import type { Ref } from "react";
import { Link, NavLink } from "react-router";
import { useTranslation } from "react-i18next";
import type { StoredUser } from "../../../lib/storage";
import { paths } from "../../../config/paths";
import { RESTAURANT_PORTAL_URL } from "../../../config/env";
import { Button, ButtonLink } from "../../../components/ui/button";
import {
  BellIcon,
  CalendarIcon,
  HeartIcon,
  HomeIcon,
  LogoutIcon,
  SearchIcon,
  SettingsIcon,
  StoreIcon,
} from "../../../components/ui/icons";
import { ExternalLink } from "./external-link";
import { LanguageSelector } from "./language-selector";
import { UserIdentity } from "./user-identity";
import { useSignInPaths } from "../../auth/session/route-guards";
import styles from "./mobile-menu.module.css";

interface Props {
  id: string;
  ref: Ref<HTMLDivElement>;
  open: boolean;
  user: StoredUser | null;
  /** Signed in, or hinted so while the session loads (decision 038): no sign-in buttons then. */
  signedIn?: boolean;
  onLogout: () => void;
  onClose: () => void;
}

const linkClass = ({ isActive }: { isActive: boolean }) => `${styles.link} ${isActive ? styles.active : ""}`;

export function MobileMenu({ id, ref, open, user, signedIn = user !== null, onLogout, onClose }: Props) {
  const { t } = useTranslation();
  const signIn = useSignInPaths();
  return (
    <div id={id} ref={ref} className={styles.root} hidden={!open} data-open={open || undefined}>
      <button type="button" className={styles.backdrop} tabIndex={-1} aria-hidden="true" onClick={onClose} />
      <nav className={styles.panel} aria-label={t("nav.mobile")}>
        {user ? (
          <UserIdentity
            user={user}
            className={styles.identity}
            end={
              <Link to={paths.settings()} className={styles.settings} aria-label={t("nav.settings")}>
                <SettingsIcon />
              </Link>
            }
          />
        ) : null}
        <ul role="list" className={styles.list}>
          <li>
            <NavLink to={paths.home()} end className={linkClass}>
              <HomeIcon /> {t("nav.home")}
            </NavLink>
          </li>
          <li>
            <NavLink to={paths.search()} className={linkClass}>
              <SearchIcon /> {t("nav.search")}
            </NavLink>
          </li>
          {user ? (
            <>
              <li>
                <NavLink to={paths.favorites()} className={linkClass}>
                  <HeartIcon /> {t("nav.favorites")}
                </NavLink>
              </li>
              <li>
                <NavLink to={paths.history()} className={linkClass}>
                  <CalendarIcon /> {t("nav.reservations")}
                </NavLink>
              </li>
              <li>
                <NavLink to={paths.notifications()} className={linkClass}>
                  <BellIcon /> {t("nav.notifications")}
                </NavLink>
              </li>
              <li>
                <NavLink to={paths.settings()} className={linkClass}>
                  <SettingsIcon /> {t("nav.settings")}
                </NavLink>
              </li>
            </>
          ) : null}
          <li>
            <ExternalLink href={RESTAURANT_PORTAL_URL} className={styles.link}>
              <StoreIcon /> <span className={styles.grow}>{t("nav.forRestaurants")}</span>
            </ExternalLink>
          </li>
        </ul>
        <div className={styles.section}>
          <p className={styles.sectionTitle}>{t("language.label")}</p>
          <LanguageSelector tone="wide" />
        </div>
        <div className={styles.footer}>
          {user ? (
            <Button variant="danger" fullWidth icon={<LogoutIcon size={18} />} onClick={onLogout}>
              {t("nav.logout")}
            </Button>
          ) : signedIn ? null : (
            <>
              <ButtonLink to={signIn.login} variant="outline" fullWidth>
                {t("nav.login")}
              </ButtonLink>
              <ButtonLink to={signIn.register} fullWidth>
                {t("nav.register")}
              </ButtonLink>
            </>
          )}
        </div>
      </nav>
    </div>
  );
}
