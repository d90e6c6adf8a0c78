import { useTranslation } from "react-i18next";
import { paths } from "../../config/paths";
import { useDocumentTitle } from "../../lib/use-document-title";
import { ButtonLink } from "../../components/ui/button";
import { EmptyState } from "../../components/ui/empty-state";
import styles from "./not-found.module.css";

export default function NotFoundRoute() {
  const { t } = useTranslation();
  useDocumentTitle(t("notFound.title"));
  return (
    <div className={styles.page}>
      <EmptyState
        headingLevel={1}
        image="/images/not-found.svg"
        title={t("notFound.title")}
        text={t("notFound.text")}
        action={
          <>
            <ButtonLink to={paths.home()}>{t("common.backToHome")}</ButtonLink>
            <ButtonLink to={paths.search()} variant="outline">
              {t("nav.search")}
            </ButtonLink>
          </>
        }
      />
    </div>
  );
}
