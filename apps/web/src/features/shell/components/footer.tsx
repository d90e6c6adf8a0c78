import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import { FOOTER_YEAR } from "@tavolo/shared/constants";
import { paths } from "../../../config/paths";
import { CONTACT, RESTAURANT_OWNER_SIGNUP_URL, RESTAURANT_PORTAL_URL } from "../../../config/env";
import { MailIcon, MapPinIcon, PhoneIcon } from "../../../components/ui/icons";
import { ExternalLink } from "./external-link";
import { Logo } from "./logo";
import { useSignInPaths } from "../../auth/session/route-guards";
import { useSession } from "../../auth/session/session-context";
import styles from "./footer.module.css";

/** Desktop footer; hidden at 768 px and below, where the bottom bar takes its place. */
export function Footer() {
  const { t } = useTranslation();
  const signIn = useSignInPaths();
  const { showSignedIn } = useSession();
  return (
    <footer className={styles.footer}>
      <div className={styles.grid}>
        <div className={styles.brand}>
          <Logo onDark />
          <p className={styles.tagline}>{t("footer.tagline")}</p>
        </div>
        <section aria-labelledby="footer-contact">
          <h2 id="footer-contact" className={styles.title}>
            {t("footer.contact")}
          </h2>
          <address className={styles.contact}>
            <a href={`mailto:${CONTACT.email}`} className={styles.link}>
              <MailIcon size={18} /> {CONTACT.email}
            </a>
            <a href={CONTACT.phoneHref} className={styles.link}>
              <PhoneIcon size={18} /> {CONTACT.phone}
            </a>
            <span className={styles.line}>
              <MapPinIcon size={18} /> {CONTACT.address}
            </span>
          </address>
        </section>
        <nav aria-labelledby="footer-links">
          <h2 id="footer-links" className={styles.title}>
            {t("footer.quickLinks")}
          </h2>
          <ul role="list" className={styles.list}>
            <li>
              <Link to={paths.home()} className={styles.link}>
                {t("nav.home")}
              </Link>
            </li>
            <li>
              <Link to={paths.search()} className={styles.link}>
                {t("nav.search")}
              </Link>
            </li>
            {/* Signed in, or hinted so while the session loads (decision 038): no sign-in links. */}
            {showSignedIn ? null : (
              <>
                <li>
                  <Link to={signIn.login} className={styles.link}>
                    {t("nav.login")}
                  </Link>
                </li>
                <li>
                  <Link to={signIn.register} className={styles.link}>
                    {t("nav.register")}
                  </Link>
                </li>
              </>
            )}
          </ul>
        </nav>
        <section aria-labelledby="footer-restaurants">
          <h2 id="footer-restaurants" className={styles.title}>
            {t("footer.restaurants")}
          </h2>
          <p className={styles.text}>{t("footer.restaurantsText")}</p>
          <ul role="list" className={styles.list}>
            <li>
              <ExternalLink href={RESTAURANT_PORTAL_URL} className={styles.link}>
                {t("nav.forRestaurants")}
              </ExternalLink>
            </li>
            <li>
              <ExternalLink href={RESTAURANT_OWNER_SIGNUP_URL} className={styles.link}>
                {t("footer.registerRestaurant")}
              </ExternalLink>
            </li>
          </ul>
        </section>
      </div>
      <div className={styles.bottom}>
        <p>{t("footer.copyright", { year: FOOTER_YEAR })}</p>
        <p>{t("footer.madeIn")}</p>
      </div>
    </footer>
  );
}
