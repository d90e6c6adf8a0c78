import { Link, useSearchParams } from "react-router";
import { useForm, useWatch } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { resetPasswordSchema, type ResetPasswordInput } from "@tavolo/shared/validation";
import { paths } from "../../../config/paths";
import { ApiError, errorMessage } from "../../../lib/api-client";
import { useDocumentTitle } from "../../../lib/use-document-title";
import { Alert } from "../../../components/ui/alert";
import { Button, ButtonLink } from "../../../components/ui/button";
import { AlertIcon, CheckIcon } from "../../../components/ui/icons";
import { ChevronLeftIcon } from "../../../components/ui/page-icons";
import { resetPassword } from "../api/reset-password";
import { AuthLayout } from "./auth-layout";
import { PasswordField } from "../../../components/ui/password-field";
import { PasswordStrength } from "../../../components/ui/password-strength";
import { useFieldError } from "./use-field-error";
import styles from "./forms.module.css";
import { useApiClient } from "../../../lib/api-client-context";

/**
 * SPEC §4: verifying → ready (token) | error (none); ready → resetting → success | error. The
 * token is read from the query at once, so verifying never lasts long enough to be seen.
 */
export function ResetPasswordPage() {
  const { t } = useTranslation();
  useDocumentTitle(t("resetPassword.title"));
  const [params] = useSearchParams();
  const api = useApiClient();
  const token = params.get("token") || params.get("oobCode");
  const form = useForm<ResetPasswordInput>({
    resolver: zodResolver(resetPasswordSchema),
    defaultValues: { newPassword: "", confirmPassword: "" },
  });
  const watched = useWatch({ control: form.control, name: "newPassword" });
  const fieldError = useFieldError(form.formState.errors);
  const mutation = useMutation({
    // A refusal ({ success:false }, any status) arrives as an ApiError (lib/api-client.ts).
    mutationFn: (values: ResetPasswordInput) => resetPassword(api, { token: token!, newPassword: values.newPassword }),
  });

  if (!token || mutation.isError) {
    const error = mutation.error;
    const message = !token
      ? t("resetPassword.invalidLink")
      : error instanceof ApiError
        ? errorMessage(error, t("resetPassword.failed"))
        : t("resetPassword.exception");
    // A dead link needs a new one; anything else (offline, a server hiccup) may simply be retried.
    const linkProblem = !token || (error instanceof ApiError && error.status === 400);
    return (
      <AuthLayout title={t("resetPassword.title")}>
        <span className={`${styles.statusIcon} ${styles.error}`}>
          <AlertIcon size={30} />
        </span>
        <Alert>{message}</Alert>
        {linkProblem ? (
          <p className={`${styles.muted} ${styles.center}`}>{t("resetPassword.invalidLinkHelp")}</p>
        ) : (
          <Button fullWidth onClick={() => mutation.reset()}>
            {t("common.retry")}
          </Button>
        )}
        <ButtonLink to={paths.login()} variant="outline" fullWidth icon={<ChevronLeftIcon size={18} />}>
          {t("resetPassword.backToLogin")}
        </ButtonLink>
      </AuthLayout>
    );
  }

  if (mutation.isSuccess) {
    return (
      <AuthLayout title={t("resetPassword.doneTitle")}>
        <span className={`${styles.statusIcon} ${styles.success}`}>
          <CheckIcon size={30} />
        </span>
        <Alert tone="success">{mutation.data.message || t("resetPassword.success")}</Alert>
        <ButtonLink to={paths.login()} fullWidth>
          {t("resetPassword.goToLogin")}
        </ButtonLink>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      title={t("resetPassword.title")}
      subtitle={t("resetPassword.subtitle")}
      footer={<Link to={paths.login()}>{t("resetPassword.backToLogin")}</Link>}
    >
      <form className={styles.form} noValidate onSubmit={form.handleSubmit((values) => mutation.mutate(values))}>
        <PasswordField
          label={t("resetPassword.newPassword")}
          autoComplete="new-password"
          required
          error={fieldError("newPassword")}
          {...form.register("newPassword")}
        />
        <PasswordStrength password={watched} list="missing" />
        <PasswordField
          label={t("resetPassword.confirmPassword")}
          autoComplete="new-password"
          required
          error={fieldError("confirmPassword")}
          {...form.register("confirmPassword")}
        />
        <Button type="submit" size="lg" fullWidth loading={mutation.isPending} disabled={mutation.isPending}>
          {t("resetPassword.submit")}
        </Button>
      </form>
    </AuthLayout>
  );
}
