import { useTranslation } from "react-i18next";
import { paths } from "../../../config/paths";
import { ButtonLink } from "../../../components/ui/button";
import { TrashIcon } from "../../../components/ui/page-icons";
import { Paragraphs } from "../../../components/ui/paragraphs";
import { LegalPage } from "./legal-page";
import styles from "./legal-page.module.css";

const STEPS = ["step1", "step2", "step3", "step4"] as const;

/**
 * /account-deletion (decision 021): how to delete an account from the app or the site, and what is
 * deleted or kept. Public, signed out or in: app stores link to it.
 */
export function AccountDeletionPage() {
  const { t } = useTranslation();
  return (
    <LegalPage title={t("accountDeletion.title")} lead={t("accountDeletion.lead")}>
      <h2>{t("accountDeletion.howTitle")}</h2>
      <ol className={styles.steps}>
        {STEPS.map((step) => (
          <li key={step}>{t(`accountDeletion.${step}`)}</li>
        ))}
      </ol>
      <p>
        <ButtonLink to={`${paths.settings()}#privacy-data`} variant="outline" icon={<TrashIcon size={18} />}>
          {t("accountDeletion.goToSettings")}
        </ButtonLink>
      </p>
      <h2>{t("accountDeletion.deletedTitle")}</h2>
      <Paragraphs text={t("accountDeletion.deletedText")} />
      <h2>{t("accountDeletion.keptTitle")}</h2>
      <Paragraphs text={t("accountDeletion.keptText")} />
      <h2>{t("accountDeletion.exportTitle")}</h2>
      <Paragraphs text={t("accountDeletion.exportText")} />
      <h2>{t("accountDeletion.noAccessTitle")}</h2>
      <Paragraphs text={t("accountDeletion.noAccessText")} />
    </LegalPage>
  );
}
