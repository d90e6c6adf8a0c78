import type { ReactNode } from "react";
import { Link, useLocation, useNavigate } from "react-router";
import { useTranslation } from "react-i18next";
import { paths } from "../../../config/paths";
import { useDocumentTitle } from "../../../lib/use-document-title";
import { ChevronLeftIcon } from "../../../components/ui/page-icons";
import { Card, Page } from "../../../components/ui/page";
import styles from "./legal-page.module.css";

/** Set by a link that opens a legal page from a form, to come back to it (the register page). */
export interface LegalReturnState {
  returnTo: string;
}

const returnPathOf = (state: unknown): string | null => {
  const returnTo = (state as Partial<LegalReturnState> | null)?.returnTo;
  // Only our own paths: a crafted state must not send anyone elsewhere.
  return typeof returnTo === "string" && returnTo.startsWith("/") && !returnTo.startsWith("//") ? returnTo : null;
};

/**
 * A readable public page (terms, privacy, account deletion), signed out or in. Opened from a form,
 * its back link returns there the way the browser's back button does, so the form is as it was.
 */
export function LegalPage({ title, lead, children }: { title: string; lead?: string; children: ReactNode }) {
  const { t } = useTranslation();
  useDocumentTitle(title);
  const location = useLocation();
  const navigate = useNavigate();
  const returnTo = returnPathOf(location.state);
  return (
    <Page title={title} lead={lead} width="md">
      <Card className={styles.text}>{children}</Card>
      <nav className={styles.back} aria-label={t("legal.more")}>
        {returnTo ? (
          <Link
            to={returnTo}
            onClick={(event) => {
              // Back in history rather than forward to a new entry: the form page is restored as left.
              event.preventDefault();
              void navigate(-1);
            }}
          >
            <ChevronLeftIcon size={16} />
            {returnTo === paths.register() ? t("legal.backToRegister") : t("legal.back")}
          </Link>
        ) : (
          <Link to={paths.home()}>
            <ChevronLeftIcon size={16} />
            {t("common.backToHome")}
          </Link>
        )}
        <span className={styles.related}>
          {location.pathname !== paths.terms() ? <Link to={paths.terms()}>{t("settings.terms.title")}</Link> : null}
          {location.pathname !== paths.privacy() ? (
            <Link to={paths.privacy()}>{t("settings.privacy.title")}</Link>
          ) : null}
          {location.pathname !== paths.accountDeletion() ? (
            <Link to={paths.accountDeletion()}>{t("accountDeletion.title")}</Link>
          ) : null}
        </span>
      </nav>
    </Page>
  );
}
