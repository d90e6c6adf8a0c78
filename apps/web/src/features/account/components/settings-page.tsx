import { useEffect, useState, type ReactNode } from "react";
import { Link, useNavigate } from "react-router";
import { useTranslation } from "react-i18next";
import type { AuthUser } from "@tavolo/shared/auth";
import { paths } from "../../../config/paths";
import { ApiError } from "../../../lib/api-client";
import type { StoredUser } from "../../../lib/storage";
import { useDocumentTitle } from "../../../lib/use-document-title";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { Tag } from "../../../components/ui/chip";
import { BellIcon, LogoutIcon, MailIcon, SettingsIcon, UserIcon } from "../../../components/ui/icons";
import { ChevronRightIcon, GlobeIcon, ShieldIcon } from "../../../components/ui/page-icons";
import { Card, Page } from "../../../components/ui/page";
import { EmailChangeForm } from "./email-change-form";
import { InfoSections } from "./info-sections";
import { NotificationSettingsForm } from "./notification-settings-form";
import { PasswordChangeForm } from "./password-change-form";
import { PrivacyDataCard } from "./privacy-data-card";
import { ProfileForm } from "./profile-form";
import { EmailText } from "../../../components/ui/email-text";
import styles from "./settings-page.module.css";

interface Props {
  user: StoredUser;
  /** Stores a fresher user and tells the header (profile-updated). */
  onUserChanged: (user: AuthUser) => void;
  /** Re-reads the profile from the server (throttled to one call per 10 s); resolves to the failure. */
  refreshProfile: () => Promise<Error | null>;
  onLogout: () => void;
  /** After a password change: other sessions ended, so a stored biometric credential is stale. */
  onPasswordChanged?: () => void;
  /** The account was deleted (decision 021): sign out and leave; `message` is the server's. */
  onAccountDeleted: (message: string) => void;
  /** The shell's language switch, handed in by the route (features do not import each other). */
  languageControl: ReactNode;
  /** The avatar of the header, handed in by the route. */
  avatar: ReactNode;
}

/** SPEC §8: a 429 on the profile asks to wait and reload; other failures say the profile did not load. */
function loadErrorText(error: Error, t: (key: string) => string): string {
  if (error instanceof ApiError && error.status === 429) return t("settings.tooManyRequests");
  return t("settings.loadError");
}

function Section({ id, title, icon, children }: { id: string; title: string; icon: ReactNode; children: ReactNode }) {
  return (
    <section aria-labelledby={`${id}-title`} className={styles.section} id={id}>
      <h2 id={`${id}-title`} className={styles.sectionTitle}>
        <span className={styles.sectionIcon}>{icon}</span>
        {title}
      </h2>
      {children}
    </section>
  );
}

/** /settings (SPEC §2): profile, phone, e-mail, password, notifications, language, information. */
export function SettingsPage({
  user,
  onUserChanged,
  refreshProfile,
  onLogout,
  onPasswordChanged,
  onAccountDeleted,
  languageControl,
  avatar,
}: Props) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  useDocumentTitle(t("settings.title"));
  const [loadError, setLoadError] = useState<string | null>(null);
  const google = user.authProvider === "google";
  const name =
    [user.firstName, user.lastName].filter(Boolean).join(" ") || user.displayName || t("settings.unknownUser");

  useEffect(() => {
    let active = true;
    void refreshProfile().then((error) => {
      if (active) setLoadError(error ? loadErrorText(error, t) : null);
    });
    return () => {
      active = false;
    };
  }, [refreshProfile, t]);

  const nav = [
    { id: "profile", label: t("settings.profile") },
    ...(google ? [] : [{ id: "security", label: t("settings.security") }]),
    { id: "notifications", label: t("nav.notifications") },
    { id: "language", label: t("language.label") },
    { id: "privacy-data", label: t("privacyData.title") },
    { id: "information", label: t("settings.information") },
  ];

  return (
    <Page title={t("settings.title")} lead={t("settings.subtitle")} icon={<SettingsIcon size={24} />} width="lg">
      <div className={styles.layout}>
        <aside className={styles.aside}>
          <Card className={styles.identity}>
            {avatar}
            <div className={styles.identityText}>
              <p className={styles.identityName}>{name}</p>
              <p className={styles.identityEmail}>
                <EmailText email={user.email} />
              </p>
              <div className={styles.badges}>
                {user.emailVerified ? <Tag tone="success">{t("settings.emailVerified")}</Tag> : null}
                {user.phoneVerified ? <Tag tone="success">{t("settings.phoneVerified")}</Tag> : null}
                {google ? <Tag>{t("settings.googleAccount")}</Tag> : null}
              </div>
            </div>
          </Card>
          <nav aria-label={t("settings.sections")} className={styles.nav}>
            <ul role="list">
              {nav.map((item) => (
                <li key={item.id}>
                  <a href={`#${item.id}`} className={styles.navLink}>
                    {item.label}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        </aside>

        <div className={styles.stack}>
          {loadError ? <Alert>{loadError}</Alert> : null}

          <Section id="profile" title={t("settings.profile")} icon={<UserIcon size={20} />}>
            <Card>
              <ProfileForm user={user} onUserChanged={onUserChanged} submitLabel={t("settings.save")}>
                <div className={styles.readonly}>
                  <span className={styles.readonlyLabel}>{t("settings.email")}</span>
                  <span className={styles.readonlyValue}>
                    <EmailText email={user.email} />
                  </span>
                  <span className={styles.readonlyNote}>
                    {google ? t("settings.emailGoogle") : t("settings.emailReadonly")}
                  </span>
                </div>
              </ProfileForm>
            </Card>
          </Section>

          {google ? null : (
            <Section id="security" title={t("settings.security")} icon={<MailIcon size={20} />}>
              <div className={styles.cards}>
                <Card>
                  <h3 className={styles.cardTitle}>{t("emailChange.title")}</h3>
                  <p className={styles.cardText}>{t("emailChange.text")}</p>
                  <EmailChangeForm
                    userId={user.id}
                    currentEmail={user.email}
                    onRequested={(newEmail) => void navigate(paths.emailChangeSent(newEmail))}
                  />
                </Card>
                <Card>
                  <h3 className={styles.cardTitle}>{t("passwordChange.title")}</h3>
                  <p className={styles.cardText}>{t("passwordChange.text")}</p>
                  <PasswordChangeForm onChanged={onPasswordChanged} />
                </Card>
              </div>
            </Section>
          )}

          <Section id="notifications" title={t("nav.notifications")} icon={<BellIcon size={20} />}>
            <Card>
              <NotificationSettingsForm userId={user.id} />
              <Link to={paths.notifications()} className={styles.moreLink}>
                {t("settings.notificationsPage")}
                <ChevronRightIcon size={16} />
              </Link>
            </Card>
          </Section>

          <Section id="language" title={t("language.label")} icon={<GlobeIcon size={20} />}>
            <Card>
              <p className={styles.cardText}>{t("settings.languageText")}</p>
              {languageControl}
            </Card>
          </Section>

          <Section id="privacy-data" title={t("privacyData.title")} icon={<ShieldIcon size={20} />}>
            <PrivacyDataCard email={user.email} hasPassword={!google} onAccountDeleted={onAccountDeleted} />
          </Section>

          <Section id="information" title={t("settings.information")} icon={<SettingsIcon size={20} />}>
            <Card className={styles.list}>
              <InfoSections />
            </Card>
          </Section>

          <Button variant="danger" icon={<LogoutIcon size={18} />} onClick={onLogout}>
            {t("nav.logout")}
          </Button>
        </div>
      </div>
    </Page>
  );
}
