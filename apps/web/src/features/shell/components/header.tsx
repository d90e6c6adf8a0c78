import { lazy, Suspense, useSyncExternalStore, type ComponentProps } from "react";
import { NavLink } from "react-router";
import { useTranslation } from "react-i18next";
import { paths } from "../../../config/paths";
import { RESTAURANT_PORTAL_URL } from "../../../config/env";
import { buttonClassName, ButtonLink } from "../../../components/ui/button";
import { CloseIcon, MenuIcon, StoreIcon } from "../../../components/ui/icons";
import { useSession } from "../../auth/session/session-context";
import { useSignInPaths } from "../../auth/session/route-guards";
import { useLogout } from "../../auth/session/use-logout";
import { ExternalLink } from "./external-link";
import { LanguageSelector } from "./language-selector";
import { Logo } from "./logo";
import { Avatar } from "./avatar";
import { useMobileMenu } from "./use-mobile-menu";
import { useProfileRefresh } from "./use-profile-refresh";
import { useScrolled } from "./use-scrolled";
import { withRestOfMessages } from "../../../i18n/i18n";
import { lazyPiece } from "../../../lib/lazy-piece";
import styles from "./header.module.css";
// The phone menu's rules ride with the header's, inlined in every page's first paint: arriving with
// the menu's chunk right after hydration, they restyled the whole page for an element still hidden
// (decision 064). The menu's code stays out of the start chunk (decision 061).
import "./mobile-menu.module.css";
import "./user-identity.module.css";

// Radix menu + floating-ui are only needed once signed in: keep them out of the entry chunk.
// It speaks with the rest of the messages (decision 031), which a signed-in page may not have yet.
const ProfileMenu = lazy(() =>
  withRestOfMessages(import("./profile-menu")).then((module) => ({ default: module.ProfileMenu })),
);

// The phone menu is closed (hidden) on every first render: it is fetched once the page is there,
// so it is in well before a tap but outside the start chunk (decision 061).
const MobileMenu = lazyPiece(() => import("./mobile-menu").then((module) => ({ default: module.MobileMenu })));

const noSubscription = () => () => {};
const inBrowser = () => true;
const onServer = () => false;

/**
 * The phone menu, once the page is the browser's: not in the server's HTML nor in the render that
 * hydrates it (its server snapshot), mounted right after, and at once on a page the browser renders
 * itself. Its own component, so the render that mounts it is this one alone, not the whole header
 * with its language selector (decisions 061, 066).
 */
function PhoneMenu(props: ComponentProps<typeof MobileMenu>) {
  const mounted = useSyncExternalStore(noSubscription, inBrowser, onServer);
  return mounted ? (
    <Suspense fallback={null}>
      <MobileMenu {...props} />
    </Suspense>
  ) : null;
}

const navClass = ({ isActive }: { isActive: boolean }) => `${styles.navLink} ${isActive ? styles.active : ""}`;

export function Header() {
  const { t } = useTranslation();
  const { status, user, showSignedIn } = useSession();
  const signIn = useSignInPaths();
  const logout = useLogout();
  const scrolled = useScrolled();
  const { toggleRef: menuToggleRef, menuRef, ...menu } = useMobileMenu();
  const signedIn = status === "signedIn" && user !== null;
  useProfileRefresh();

  // The menu is a sibling, not a child: the header's backdrop-filter would make it the containing
  // block of the menu's position: fixed and clip it to the header's height.
  return (
    <>
      <header
        className={`${styles.header} ${scrolled || menu.open ? styles.scrolled : ""}`}
        data-scrolled={scrolled || undefined}
      >
        <div className="header-bar">
          <Logo />
          <nav aria-label={t("nav.main")} className={styles.nav}>
            <NavLink to={paths.home()} end className={navClass}>
              {t("nav.home")}
            </NavLink>
            <NavLink to={paths.search()} className={navClass}>
              {t("nav.search")}
            </NavLink>
            {showSignedIn ? (
              <>
                <NavLink to={paths.favorites()} className={navClass}>
                  {t("nav.favorites")}
                </NavLink>
                <NavLink to={paths.history()} className={navClass}>
                  {t("nav.reservations")}
                </NavLink>
              </>
            ) : null}
          </nav>
          <div className={styles.actions}>
            <ExternalLink href={RESTAURANT_PORTAL_URL} className={styles.portal}>
              <StoreIcon size={18} />
              <span className={styles.portalLabel}>{t("nav.forRestaurants")}</span>
            </ExternalLink>
            <LanguageSelector />
            {/* The hinted signed-in shell (decision 038): the avatar's place, kept until the user is known. */}
            {status === "loading" && showSignedIn ? (
              <span className={styles.avatarPlaceholder} aria-hidden="true" />
            ) : null}
            {signedIn ? (
              <Suspense fallback={<Avatar user={user} />}>
                <ProfileMenu user={user} onLogout={logout} />
              </Suspense>
            ) : null}
            {!showSignedIn ? (
              <>
                <ButtonLink to={signIn.login} variant="ghost" size="sm">
                  {t("nav.login")}
                </ButtonLink>
                <ButtonLink to={signIn.register} size="sm">
                  {t("nav.register")}
                </ButtonLink>
              </>
            ) : null}
          </div>
          <button
            type="button"
            className={`${buttonClassName({ variant: "ghost", size: "sm" })} ${styles.menuButton}`}
            aria-expanded={menu.open}
            aria-controls="mobile-menu"
            ref={menuToggleRef}
            aria-label={menu.open ? t("nav.closeMenu") : t("nav.openMenu")}
            onClick={menu.toggle}
          >
            {menu.open ? <CloseIcon size={24} /> : <MenuIcon size={24} />}
          </button>
        </div>
      </header>
      <PhoneMenu
        id="mobile-menu"
        ref={menuRef}
        open={menu.open}
        user={signedIn ? user : null}
        signedIn={showSignedIn}
        onLogout={logout}
        onClose={menu.close}
      />
    </>
  );
}
