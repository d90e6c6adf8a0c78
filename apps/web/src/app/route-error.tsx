import { useTranslation } from "react-i18next";
import { ErrorState } from "../components/ui/error-state";
import { ButtonLink } from "../components/ui/button";
import { paths } from "../config/paths";

/**
 * Last resort for a crash while rendering or a chunk that failed to load (e.g. after a deploy):
 * offer a reload instead of a blank page.
 */
export function RouteError({ inShell = false }: { inShell?: boolean }) {
  const { t } = useTranslation();
  // Inside the shell, the shell's <main> holds it; alone (the shell itself failed), it is the main.
  const Frame = inShell ? "div" : "main";
  return (
    <Frame id={inShell ? undefined : "main"} style={{ padding: "2rem 1rem" }}>
      <ErrorState
        headingLevel={1}
        title={t("errors.pageCrashTitle")}
        message={t("errors.pageCrashText")}
        onRetry={() => window.location.reload()}
        action={
          <ButtonLink to={paths.home()} variant="ghost" reloadDocument>
            {t("common.backToHome")}
          </ButtonLink>
        }
      />
    </Frame>
  );
}
