import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { SIGN_IN_PROVIDER_NAME } from "../../../config/env";
import { Alert } from "../../../components/ui/alert";

/** The Google error banner goes away by itself after 15 s (SPEC §8). */
export const GOOGLE_BANNER_MS = 15_000;

export interface GoogleReturn {
  /** notRegistered, termsRequired, or whatever else the server named. */
  type: string | null;
  /** showError=true: the banner is shown, with `message` or a generic text. */
  showError: boolean;
  message: string | null;
  email: string;
  firstName: string;
  lastName: string;
}

/** The query a failed Google sign-in brings to /register (SPEC §2), or null when there is none. */
export function googleReturnOf(params: URLSearchParams): GoogleReturn | null {
  if (params.get("showError") !== "true" && !params.get("type") && !params.get("email")) return null;
  const [first = "", ...rest] = (params.get("name") ?? "").trim().split(/\s+/).filter(Boolean);
  return {
    type: params.get("type"),
    showError: params.get("showError") === "true",
    message: params.get("error"),
    email: params.get("email") ?? "",
    firstName: first,
    lastName: rest.join(" "),
  };
}

export function GoogleBanner({ googleReturn }: { googleReturn: GoogleReturn }) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(true);
  useEffect(() => {
    const timer = setTimeout(() => setVisible(false), GOOGLE_BANNER_MS);
    return () => clearTimeout(timer);
  }, []);
  if (!visible || !googleReturn.showError) return null;
  // Not registered is a next step (complete the form), not a failure.
  const tone = googleReturn.type === "notRegistered" ? "warning" : "error";
  return (
    <Alert tone={tone}>
      <p>{googleReturn.message || t("auth.googleLoginFailed")}</p>
      {googleReturn.type === "notRegistered" ? (
        <p>{t("register.completeWithGoogle", { provider: SIGN_IN_PROVIDER_NAME })}</p>
      ) : null}
    </Alert>
  );
}
