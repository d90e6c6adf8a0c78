import { useEffect, useRef } from "react";
import { useLocation, useSearchParams } from "react-router";
import { useTranslation } from "react-i18next";
import { useDocumentTitle } from "../../../lib/use-document-title";
import { verifyEmail } from "../api/verify-email";
import { verifyEmailOtp } from "../api/verify-email-otp";
import { useSession } from "../session/session-context";
import { AuthLayout } from "./auth-layout";
import type { VerifyResultState } from "./email-redirect-page";
import { OtpForm } from "./otp-form";
import { useVerificationFlow, type VerifyState } from "./use-verification-flow";
import { VerifyStatus } from "./verify-status";
import { useApiClient } from "../../../lib/api-client-context";

const state = (phase: VerifyState["phase"], message: string | null = null): VerifyState => ({
  phase,
  message,
  fromCode: false,
});

/**
 * /verify-email (code entry; a `token` or `code` query verifies the e-mail link) and
 * /verify-result/success|error, where the backend's link check lands (with a `loginToken`).
 */
export function VerifyEmailPage() {
  const { t } = useTranslation();
  useDocumentTitle(t("verify.title"));
  const location = useLocation();
  const [params] = useSearchParams();
  const email = params.get("email")?.trim() ?? "";
  const linkToken = params.get("token") || params.get("code");
  const loginToken = params.get("loginToken");
  // An e-mail change link lands here too: the page then says the address changed, and to what.
  const emailChanged = params.get("change") === "1" && email !== "";
  const result = location.pathname.startsWith("/verify-result/") ? location.pathname.split("/")[2] : null;

  // Decided before the first paint, so a link never flashes the code form.
  const flow = useVerificationFlow(
    result === "error"
      ? state(
          "error",
          (location.state as VerifyResultState | null)?.message ?? params.get("message") ?? t("verify.failed"),
        )
      : result === "success"
        ? state(loginToken && email ? "verifying" : "success")
        : linkToken
          ? state(email ? "verifying" : "error", email ? null : t("validation.emailNotSpecified"))
          : state("otp_input"),
  );

  // Wait for the stored session: a user already signed in as this address keeps that session.
  const { status } = useSession();
  const api = useApiClient();
  const started = useRef(false);
  useEffect(() => {
    if (started.current || flow.state.phase !== "verifying" || status === "loading") return;
    started.current = true;
    if (result === "success" && loginToken) void flow.signInWith(email, loginToken);
    else if (linkToken) void flow.verify(email, () => verifyEmail(api, { actionCode: linkToken, email }), false);
  }, [api, flow, status, result, loginToken, linkToken, email]);

  const { phase, message, fromCode } = flow.state;
  if (phase === "redirecting" || phase === "success") {
    return (
      <VerifyStatus
        tone="success"
        title={emailChanged ? t("verify.changedTitle") : t("verify.successTitle")}
        message={
          emailChanged
            ? t(phase === "redirecting" ? "verify.changedRedirecting" : "verify.changedText", { email })
            : phase === "redirecting"
              ? t("verify.redirecting")
              : t("verify.successText")
        }
        showLogin={phase === "success"}
      />
    );
  }
  if (phase === "error" && !fromCode) {
    return <VerifyStatus tone="error" title={t("verify.errorTitle")} message={message ?? undefined} email={email} />;
  }
  if (phase === "verifying" && !fromCode) return <VerifyStatus tone="pending" title={t("verify.verifying")} />;

  return (
    <AuthLayout
      title={t("verify.title")}
      subtitle={email ? t("verify.subtitleEmail", { email }) : t("verify.subtitle")}
    >
      <OtpForm
        knownEmail={email}
        busy={phase === "verifying"}
        serverError={phase === "error" ? message : null}
        onSubmit={(address, otp) => void flow.verify(address, () => verifyEmailOtp(api, { email: address, otp }), true)}
      />
    </AuthLayout>
  );
}
