import { useEffect } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { useTranslation } from "react-i18next";
import { AUTH_BACKEND } from "../../../config/env";
import { paths, sameOriginPath } from "../../../config/paths";
import { browser } from "../../../lib/browser";
import { Spinner } from "../../../components/ui/spinner";
import styles from "./status-page.module.css";

/** State handed to /verify-result/error. */
export interface VerifyResultState {
  message?: string;
}

export function verifyAndLoginUrl(token: string, email: string | null, next?: string): string {
  const query = new URLSearchParams({ token, email: email ?? "" });
  if (next) query.set("next", next);
  return `${AUTH_BACKEND}/api/client/verify-email-and-login?${query.toString()}`;
}

/** /email-redirect: hands the link's token to the backend with a full browser navigation (SPEC §2). */
export function EmailRedirectPage({ assign = browser.assign }: { assign?: (url: string) => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get("token");
  const email = params.get("email");
  // The page the diner registered from (decision 038): on through the server's check to the result.
  const next = sameOriginPath(params.get("next"));

  useEffect(() => {
    if (!token) {
      void navigate(paths.verifyResult("error"), {
        replace: true,
        state: { message: t("emailRedirect.missingToken") } satisfies VerifyResultState,
      });
      return;
    }
    try {
      assign(verifyAndLoginUrl(token, email, next));
    } catch {
      void navigate(paths.verifyResult("error"), {
        replace: true,
        state: { message: t("emailRedirect.redirectError") } satisfies VerifyResultState,
      });
    }
  }, [token, email, next, navigate, assign, t]);

  return (
    <div className={styles.page} role="status">
      <Spinner size={36} />
      <p className={styles.text}>{t("emailRedirect.verifying")}</p>
    </div>
  );
}
