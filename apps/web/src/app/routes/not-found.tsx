import { useTranslation } from "react-i18next";
import { paths } from "../../config/paths";
import { useDocumentTitle } from "../../lib/use-document-title";
import { ButtonLink } from "../../components/ui/button";
import { EmptyState } from "../../components/ui/empty-state";
import { GENERIC_NOT_FOUND, type NotFoundTexts } from "../not-found-texts";
import styles from "./not-found.module.css";

export default function NotFoundRoute({ texts = GENERIC_NOT_FOUND }: { texts?: NotFoundTexts }) {
  const { t } = useTranslation();
  useDocumentTitle(t(texts.titleKey));
  return (
    <div className={styles.page}>
      <EmptyState
        headingLevel={1}
        image="/images/not-found.svg"
        title={t(texts.titleKey)}
        text={t(texts.textKey)}
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
