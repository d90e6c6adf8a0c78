import { useTranslation } from "react-i18next";
import { ChevronRightIcon } from "../../../components/ui/page-icons";
import { Paragraphs } from "../../../components/ui/paragraphs";
import styles from "./settings-page.module.css";

const INFO = ["privacy", "terms", "help", "about"] as const;

/** Privacy, terms, help and about (SPEC §2): paragraphs separated by blank lines in the messages. */
export function InfoSections() {
  const { t } = useTranslation();
  return (
    <>
      {INFO.map((item) => (
        <details key={item} className={styles.details} id={`info-${item}`}>
          <summary className={styles.summary}>
            <span>{t(`settings.${item}.title`)}</span>
            <ChevronRightIcon size={18} />
          </summary>
          <div className={styles.detailsText}>
            <Paragraphs text={t(`settings.${item}.text`)} />
          </div>
        </details>
      ))}
    </>
  );
}
