import type { ReactNode } from "react";
import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import type { StoredUser } from "../../../lib/storage";
import { paths } from "../../../config/paths";
import { useDocumentTitle } from "../../../lib/use-document-title";
import { Button, ButtonLink } from "../../../components/ui/button";
import { Tag } from "../../../components/ui/chip";
import { BellIcon, ChevronRightIcon, LogoutIcon, SettingsIcon } from "../../../components/ui/icons";
import { Card, Page } from "../../../components/ui/page";
import styles from "./settings-page.module.css";

interface Props {
  user: StoredUser | null;
  onLogout: () => void;
  /** The shell's language switch, handed in by the route (features do not import each other). */
  languageControl: ReactNode;
}

const INFO = ["privacy", "terms", "help", "about"] as const;

export function SettingsPage({ user, onLogout, languageControl }: Props) {
  const { t } = useTranslation();
  useDocumentTitle(t("settings.title"));
  const name =
    [user?.firstName, user?.lastName].filter(Boolean).join(" ") || user?.displayName || t("settings.unknownUser");
  return (
    <Page title={t("settings.title")} lead={t("settings.subtitle")} icon={<SettingsIcon size={24} />}>
      <div className={styles.stack}>
        <section aria-labelledby="profile-title">
          <h2 id="profile-title" className={styles.sectionTitle}>
            {t("settings.profile")}
          </h2>
          <Card>
            <dl className={styles.profile}>
              <div>
                <dt>{t("settings.name")}</dt>
                <dd>{name}</dd>
              </div>
              <div>
                <dt>{t("settings.email")}</dt>
                <dd>
                  {user?.email ?? "—"} {user?.emailVerified ? <Tag tone="success">{t("settings.verified")}</Tag> : null}
                </dd>
              </div>
              <div>
                <dt>{t("settings.phone")}</dt>
                <dd>
                  {user?.phoneNumber || t("settings.notSet")}{" "}
                  {user?.phoneNumber ? (
                    <Tag tone={user.phoneVerified ? "success" : "warning"}>
                      {user.phoneVerified ? t("settings.verified") : t("settings.notVerified")}
                    </Tag>
                  ) : null}
                </dd>
              </div>
            </dl>
            <p className={styles.note}>{t("settings.emailReadonly")}</p>
            <ButtonLink to={paths.completeProfile()} variant="outline" size="sm">
              {t("settings.editProfile")}
            </ButtonLink>
          </Card>
        </section>

        <section aria-labelledby="prefs-title">
          <h2 id="prefs-title" className={styles.sectionTitle}>
            {t("settings.preferences")}
          </h2>
          <Card className={styles.list}>
            <div className={styles.row}>
              <span className={styles.rowLabel}>{t("language.label")}</span>
              {languageControl}
            </div>
            <Link to={paths.notifications()} className={styles.linkRow}>
              <BellIcon size={20} />
              <span className={styles.rowLabel}>{t("nav.notifications")}</span>
              <ChevronRightIcon size={18} />
            </Link>
          </Card>
        </section>

        <section aria-labelledby="info-title">
          <h2 id="info-title" className={styles.sectionTitle}>
            {t("settings.information")}
          </h2>
          <Card className={styles.list}>
            {INFO.map((item) => (
              <details key={item} className={styles.details}>
                <summary className={styles.summary}>
                  {t(`settings.${item}.title`)}
                  <ChevronRightIcon size={18} />
                </summary>
                <p className={styles.detailsText}>{t(`settings.${item}.text`)}</p>
              </details>
            ))}
          </Card>
        </section>

        <Button variant="danger" icon={<LogoutIcon size={18} />} onClick={onLogout}>
          {t("nav.logout")}
        </Button>
      </div>
    </Page>
  );
}
