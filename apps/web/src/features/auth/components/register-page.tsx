import { useEffect, useState } from "react";
import { Link, useLocation, useNavigate, useSearchParams } from "react-router";
import { useForm, useWatch } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation } from "@tanstack/react-query";
import { Trans, useTranslation } from "react-i18next";
import { COOLDOWN_SECONDS, USER_EXISTS_REDIRECT_MS } from "@tavolo/shared/constants";
import { registerSchema, type RegisterInput } from "@tavolo/shared/validation";
import { paths } from "../../../config/paths";
import { ApiError, errorMessage } from "../../../lib/api-client";
import { useDocumentTitle } from "../../../lib/use-document-title";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { Checkbox } from "../../../components/ui/checkbox";
import { TextField } from "../../../components/ui/text-field";
import { toSession } from "../api/login";
import { register as registerAccount } from "../api/register";
import { useSession } from "../session/session-context";
import { nextOf, type ReturnState } from "../session/route-guards";
import { AuthLayout, Divider } from "./auth-layout";
import { EmailField } from "./email-field";
import { GoogleBanner, googleReturnOf } from "./google-banner";
import { GoogleSignIn } from "./google-sign-in";
import { PasswordField } from "../../../components/ui/password-field";
import { PasswordStrength } from "../../../components/ui/password-strength";
import { codeCooldownName, startCooldown } from "../../../lib/use-cooldown";
import { useFieldError } from "./use-field-error";
import { keepRegisterDraft, takeRegisterDraft } from "./register-draft";
import styles from "./forms.module.css";
import { useApiClient } from "../../../lib/api-client-context";

export function RegisterPage() {
  const { t } = useTranslation();
  useDocumentTitle(t("register.title"));
  const navigate = useNavigate();
  const location = useLocation();
  const { signIn } = useSession();
  const api = useApiClient();
  const [params] = useSearchParams();
  // Registering mid-booking: the way back travels through verification to the booking (decision 038).
  const next = nextOf(location);
  // After a failed Google sign-in the server sends people here with what it knows (SPEC §2).
  const googleReturn = googleReturnOf(params);
  const [googleTermsError, setGoogleTermsError] = useState(googleReturn?.type === "termsRequired");
  // Back from the terms or the privacy policy opened below: the form as it was left.
  const [draft] = useState(takeRegisterDraft);
  const form = useForm<RegisterInput>({
    resolver: zodResolver(registerSchema),
    defaultValues: draft ?? {
      firstName: googleReturn?.firstName ?? "",
      lastName: googleReturn?.lastName ?? "",
      email: googleReturn?.email ?? "",
      password: "",
      confirmPassword: "",
      termsAccepted: false,
      // Unticked: a pre-ticked box is not consent (decision 038).
      newsletterSubscribed: false,
    },
  });
  /** Links in the terms label: the page opens in the app, and its back link returns to this form. */
  const documentLink = (to: string) => (
    <Link
      to={to}
      state={{ returnTo: paths.register() }}
      onClick={() => keepRegisterDraft(form.getValues())}
      className={styles.inlineLink}
    />
  );
  const watched = useWatch({ control: form.control, name: "password" });
  const fieldError = useFieldError(form.formState.errors);

  const mutation = useMutation({
    // registerSchema refuses an unticked box before this runs, so the box holds the `true` the API asks for.
    mutationFn: ({ confirmPassword: _confirm, termsAccepted, ...values }: RegisterInput) =>
      registerAccount(api, { ...values, termsAccepted: termsAccepted as true, email: values.email.trim(), next }),
    onSuccess: (response, values) => {
      const email = values.email.trim();
      // The server has just sent the first code, and will refuse another for a minute.
      startCooldown(codeCooldownName(email), COOLDOWN_SECONDS);
      // Leave /register first: its guard would otherwise send the new session home.
      void navigate(paths.emailVerification({ email, next }));
      try {
        signIn(toSession(response, t("auth.incompleteData")));
      } catch {
        // Registered but not signed in: verification still works and ends with a sign-in.
      }
    },
  });
  const userExists =
    mutation.error instanceof ApiError && (mutation.error.body as { type?: string } | null)?.type === "user_exists";
  useEffect(() => {
    if (!userExists) return;
    // The account exists: /login opens with its address typed (and still returns where /register would).
    const state: ReturnState = { ...(location.state as ReturnState | null), email: form.getValues("email").trim() };
    const timer = setTimeout(() => void navigate(paths.login({ next }), { state }), USER_EXISTS_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [userExists, navigate, location.state, form, next]);

  const googleSignUp = () => {
    const { termsAccepted, newsletterSubscribed } = form.getValues();
    setGoogleTermsError(!termsAccepted);
    return termsAccepted ? { registration: true, termsAccepted: true, marketing: newsletterSubscribed } : null;
  };

  return (
    <AuthLayout
      title={t("register.title")}
      subtitle={t("register.subtitle")}
      footer={
        <p>
          {t("register.haveAccount")} <Link to={paths.login({ next })}>{t("register.loginLink")}</Link>
        </p>
      }
    >
      {googleReturn ? <GoogleBanner googleReturn={googleReturn} /> : null}
      <form className={styles.form} noValidate onSubmit={form.handleSubmit((values) => mutation.mutate(values))}>
        <div className={styles.row}>
          <TextField
            label={t("register.firstName")}
            autoComplete="given-name"
            required
            error={fieldError("firstName")}
            {...form.register("firstName")}
          />
          <TextField
            label={t("register.lastName")}
            autoComplete="family-name"
            required
            error={fieldError("lastName")}
            {...form.register("lastName")}
          />
        </div>
        <EmailField required error={fieldError("email")} {...form.register("email")} />
        <PasswordField
          label={t("auth.password")}
          autoComplete="new-password"
          required
          error={fieldError("password")}
          {...form.register("password")}
        />
        <PasswordStrength password={watched} />
        <PasswordField
          label={t("register.confirmPassword")}
          autoComplete="new-password"
          required
          error={fieldError("confirmPassword")}
          {...form.register("confirmPassword")}
        />
        <Checkbox
          label={
            <Trans
              i18nKey="register.terms"
              components={{ terms: documentLink(paths.terms()), privacy: documentLink(paths.privacy()) }}
            />
          }
          required
          error={fieldError("termsAccepted") ?? (googleTermsError ? t("register.termsRequired") : undefined)}
          {...form.register("termsAccepted", { onChange: () => setGoogleTermsError(false) })}
        />
        <Checkbox label={t("register.marketing")} {...form.register("newsletterSubscribed")} />
        {mutation.isError ? (
          <Alert tone={userExists ? "warning" : "error"}>
            {errorMessage(mutation.error, userExists ? t("register.userExists") : t("register.failed"))}
          </Alert>
        ) : null}
        <Button type="submit" size="lg" fullWidth loading={mutation.isPending} disabled={userExists}>
          {t("register.submit")}
        </Button>
      </form>
      <Divider>{t("common.or")}</Divider>
      <GoogleSignIn labelKey="register.google" prepare={googleSignUp} />
    </AuthLayout>
  );
}
