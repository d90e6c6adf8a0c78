import { lazy, Suspense, useState } from "react";
import { Link, useLocation, useNavigate, useSearchParams } from "react-router";
import { useForm, useWatch } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { loginSchema, type LoginInput } from "@tavolo/shared/validation";
import { paths } from "../../../config/paths";
import { useDocumentTitle } from "../../../lib/use-document-title";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { CodeField } from "../../../components/ui/code-field";
import { ApiError } from "../../../lib/api-client";
import { login, signInErrorMessage, toSession } from "../api/login";
import { shouldOfferBiometrics } from "../session/biometric-sign-in";
import { emailOfState, nextOf, returnPathOf } from "../session/route-guards";
import { useSession, type SignInPayload } from "../session/session-context";
import { AuthLayout, Divider } from "./auth-layout";
import { BiometricButton } from "./biometric-button";
import { EmailField } from "./email-field";
import { ForgotPasswordDialog } from "./forgot-password-dialog";
import { GoogleSignIn } from "./google-sign-in";
import { PasswordField } from "../../../components/ui/password-field";
import { useFieldError } from "./use-field-error";
import styles from "./forms.module.css";
import { useApiClient } from "../../../lib/api-client-context";

// Offered only in the native app after a password sign-in: its dialog loads when shown (decision 012).
const BiometricOffer = lazy(() => import("./biometric-offer").then((module) => ({ default: module.BiometricOffer })));

export function LoginPage() {
  const { t } = useTranslation();
  useDocumentTitle(t("auth.login.title"));
  const { signIn, ended } = useSession();
  const api = useApiClient();
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  // A Google sign-in that came back with a message (SPEC §2) shows it here.
  const returnMessage = params.get("message");
  const form = useForm<LoginInput>({
    resolver: zodResolver(loginSchema),
    defaultValues: { email: emailOfState(location.state), password: "" },
  });
  const watched = useWatch({ control: form.control, name: "email" });
  const fieldError = useFieldError(form.formState.errors);
  // Native app, after a password login: the biometric offer, holding what was typed until answered.
  const [offer, setOffer] = useState<LoginInput | null>(null);
  const proceed = () => void navigate(returnPathOf(location), { replace: true });
  // Past many failed sign-ins by others, the server mails a code and asks for it (decision 036).
  const [codeAsked, setCodeAsked] = useState<string | null>(null);
  const [code, setCode] = useState("");
  const mutation = useMutation({
    mutationFn: async (values: LoginInput) =>
      toSession(await login(api, { ...values, ...(codeAsked ? { code } : {}) }), t("auth.incompleteData")),
    onError: (error) => {
      if (error instanceof ApiError && error.code === "login_code_required") {
        setCodeAsked(error.message);
        setCode("");
      }
    },
    onSuccess: async (session, values) => {
      signIn(session);
      if (await shouldOfferBiometrics(values.email).catch(() => false)) setOffer(values);
      else proceed();
    },
  });
  const signedInWith = (session: SignInPayload) => {
    signIn(session);
    proceed();
  };

  return (
    <AuthLayout
      title={t("auth.login.title")}
      subtitle={t("auth.login.subtitle")}
      footer={
        <p>
          {t("auth.login.noAccount")}{" "}
          <Link to={paths.register({ next: nextOf(location) })}>{t("auth.login.registerLink")}</Link>
        </p>
      }
    >
      {ended === "expired" && !mutation.isError ? <Alert tone="warning">{t("errors.sessionExpired")}</Alert> : null}
      {returnMessage ? <Alert tone="warning">{returnMessage}</Alert> : null}
      <BiometricButton onSignedIn={signedInWith} />
      <GoogleSignIn />
      <Divider>{t("common.or")}</Divider>
      <form
        className={styles.form}
        noValidate
        onSubmit={form.handleSubmit((values) => mutation.mutate({ ...values, email: values.email.trim() }))}
      >
        <EmailField required error={fieldError("email")} {...form.register("email")} />
        <PasswordField
          label={t("auth.password")}
          autoComplete="current-password"
          required
          error={fieldError("password")}
          {...form.register("password")}
        />
        <div className={styles.between}>
          <ForgotPasswordDialog defaultEmail={watched} />
        </div>
        {codeAsked ? (
          <>
            <Alert tone="info">{codeAsked}</Alert>
            <CodeField
              label={t("auth.login.codeLabel")}
              hint={t("auth.login.codeHint")}
              value={code}
              onValueChange={setCode}
              required
            />
          </>
        ) : null}
        {mutation.isError && !(mutation.error instanceof ApiError && mutation.error.code === "login_code_required") ? (
          <Alert>{signInErrorMessage(mutation.error, t("auth.loginFailed"))}</Alert>
        ) : null}
        <Button type="submit" size="lg" fullWidth loading={mutation.isPending}>
          {t("auth.login.submit")}
        </Button>
      </form>
      {offer ? (
        <Suspense fallback={null}>
          <BiometricOffer
            credentials={offer}
            onDone={() => {
              setOffer(null);
              proceed();
            }}
          />
        </Suspense>
      ) : null}
    </AuthLayout>
  );
}
