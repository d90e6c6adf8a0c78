import { useTranslation } from "react-i18next";
import { Paragraphs } from "../../../components/ui/paragraphs";
import { LegalPage } from "./legal-page";

/** /terms and /privacy: the same texts the settings show, on a page of their own (decision 021). */
export function DocumentPage({ document }: { document: "terms" | "privacy" }) {
  const { t } = useTranslation();
  return (
    <LegalPage title={t(`settings.${document}.title`)}>
      <Paragraphs text={t(`settings.${document}.text`)} />
    </LegalPage>
  );
}
