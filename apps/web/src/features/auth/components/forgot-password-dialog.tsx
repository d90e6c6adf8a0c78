import { lazy, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import styles from "./forms.module.css";

// The modal (Radix dialog and its focus and scroll helpers, ≈ 14 KiB gzipped) is fetched on the
// first click: the login page stays within its 50 KiB budget (decision 012).
const ForgotPasswordModal = lazy(() => import("./forgot-password-modal"));

/** The "forgot password?" link of the login form and its modal. */
export function ForgotPasswordDialog({ defaultEmail = "" }: { defaultEmail?: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className={styles.textButton} onClick={() => setOpen(true)}>
        {t("auth.forgot.link")}
      </button>
      {open ? (
        <Suspense fallback={null}>
          <ForgotPasswordModal defaultEmail={defaultEmail} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
