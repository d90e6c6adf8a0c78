import { useEffect, useRef, useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { useTranslation } from "react-i18next";
import { paths } from "../../../config/paths";
import { useDocumentTitle } from "../../../lib/use-document-title";
import { Alert } from "../../../components/ui/alert";
import { ButtonLink } from "../../../components/ui/button";
import { AlertIcon } from "../../../components/ui/icons";
import { exchangeGoogleCode } from "../api/google";
import { getUserProfile } from "../api/get-user-profile";
import { signInErrorMessage, toSession } from "../api/login";
import { useSession, type SignInPayload } from "../session/session-context";
import { AuthLayout } from "./auth-layout";
import { VerifyStatus } from "./verify-status";
import styles from "./forms.module.css";
import { useApiClient } from "../../../lib/api-client-context";

/**
 * /auth/google/callback, where the server sends the browser back from Google (SPEC §2): a one-time
 * `code` to exchange, or `token` and `userId` (the profile is fetched with it), or a `message`.
 */
export function GoogleCallbackPage() {
  const { t } = useTranslation();
  useDocumentTitle(t("googleCallback.title"));
  const navigate = useNavigate();
  const { signIn } = useSession();
  const api = useApiClient();
  const [params] = useSearchParams();
  const code = params.get("code");
  const token = params.get("token");
  const userId = params.get("userId");
  const returned = code || (token && userId);
  const [failure, setFailure] = useState<string | null>(
    returned ? null : params.get("message") || t("auth.googleLoginFailed"),
  );

  // The code works once: StrictMode's second effect run must not spend it again.
  const started = useRef(false);
  useEffect(() => {
    if (!returned || started.current) return;
    started.current = true;
    const incomplete = t("auth.incompleteData");
    const load = async (): Promise<SignInPayload> => {
      if (code) return toSession(await exchangeGoogleCode(api, code), incomplete);
      const { profile } = await getUserProfile(api, userId!, token!);
      return toSession({ token: token!, user: profile }, incomplete);
    };
    load().then(
      (session) => {
        signIn(session);
        void navigate(paths.home(), { replace: true });
      },
      (error: unknown) => setFailure(signInErrorMessage(error, t("auth.googleLoginFailed"))),
    );
  }, [api, returned, code, token, userId, signIn, navigate, t]);

  if (!failure) return <VerifyStatus tone="pending" title={t("googleCallback.signingIn")} />;
  return (
    <AuthLayout title={t("googleCallback.failedTitle")}>
      <span className={`${styles.statusIcon} ${styles.error}`}>
        <AlertIcon size={30} />
      </span>
      <Alert>{failure}</Alert>
      <div className={styles.actions}>
        <ButtonLink to={paths.login()} fullWidth>
          {t("googleCallback.backToLogin")}
        </ButtonLink>
        <ButtonLink to={paths.register()} variant="outline" fullWidth>
          {t("googleCallback.register")}
        </ButtonLink>
      </div>
    </AuthLayout>
  );
}
