import { useTranslation } from "react-i18next";
import { RESTAURANT_PORTAL_URL } from "../../../config/env";
import { buttonClassName } from "../../../components/ui/button";
import { ExternalIcon, StoreIcon } from "../../../components/ui/icons";
import styles from "./partner-band.module.css";

/** Restaurant owners reach the separate portal from here too. */
export function PartnerBand() {
  const { t } = useTranslation();
  return (
    <section className={styles.band} aria-labelledby="partner-title">
      <div className={styles.inner}>
        <span className={styles.icon}>
          <StoreIcon size={28} />
        </span>
        <div className={styles.copy}>
          <h2 id="partner-title" className={styles.title}>
            {t("home.partnerTitle")}
          </h2>
          <p className={styles.text}>{t("home.partnerText")}</p>
        </div>
        <a
          href={RESTAURANT_PORTAL_URL}
          target="_blank"
          rel="noopener noreferrer"
          className={buttonClassName({ variant: "secondary" }, styles.cta)}
        >
          <span>{t("home.partnerCta")}</span>
          <ExternalIcon size={16} />
          <span className="visually-hidden"> ({t("common.opensInNewTab")})</span>
        </a>
      </div>
    </section>
  );
}
