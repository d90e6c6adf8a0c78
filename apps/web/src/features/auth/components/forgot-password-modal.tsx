import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { passwordResetRequestSchema } from "@tavolo/shared/validation";
import { errorMessage } from "../../../lib/api-client";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { Dialog } from "../../../components/ui/dialog";
import { requestPasswordReset } from "../api/request-password-reset";
import { EmailField } from "./email-field";
import styles from "./forms.module.css";
import { useApiClient } from "../../../lib/api-client-context";

interface Props {
  defaultEmail: string;
  onClose: () => void;
}

/**
 * Forgot-password modal (SPEC §4: idle, loading, success, error). Mounted when opened, so each
 * opening starts idle with the login form's address.
 */
export default function ForgotPasswordModal({ defaultEmail, onClose }: Props) {
  const { t } = useTranslation();
  const api = useApiClient();
  const form = useForm<{ email: string }>({
    resolver: zodResolver(passwordResetRequestSchema),
    defaultValues: { email: defaultEmail },
  });
  const mutation = useMutation({ mutationFn: (input: { email: string }) => requestPasswordReset(api, input) });
  const onOpenChange = (next: boolean) => {
    if (!next) onClose();
  };

  const error = form.formState.errors.email?.message;
  return (
    <Dialog open onOpenChange={onOpenChange} title={t("auth.forgot.title")} description={t("auth.forgot.text")}>
      {mutation.isSuccess ? (
        <div className={styles.stack}>
          <Alert tone="success">{mutation.data.message || t("auth.forgot.success")}</Alert>
          <Button variant="outline" fullWidth onClick={() => onOpenChange(false)}>
            {t("common.close")}
          </Button>
        </div>
      ) : (
        <form
          className={styles.stack}
          noValidate
          onSubmit={form.handleSubmit((values) => mutation.mutate({ email: values.email.trim() }))}
        >
          <EmailField required error={error ? t(error) : undefined} {...form.register("email")} />
          {mutation.isError ? <Alert>{errorMessage(mutation.error, t("auth.forgot.error"))}</Alert> : null}
          <Button type="submit" fullWidth loading={mutation.isPending}>
            {t("auth.forgot.submit")}
          </Button>
        </form>
      )}
    </Dialog>
  );
}
