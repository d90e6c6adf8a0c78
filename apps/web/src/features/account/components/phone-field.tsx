import { lazy, Suspense, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { PHONE_COUNTRIES } from "@tavolo/shared/phone";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { Tag } from "../../../components/ui/chip";
import { Select } from "../../../components/ui/select";
import { TextField } from "../../../components/ui/text-field";
import type { usePhoneVerification } from "./use-phone-verification";
import styles from "./settings-forms.module.css";

// The code modal (Radix dialog, ≈ 14 KiB gzipped) loads when first opened: settings stays within
// its 50 KiB budget (decision 012).
const PhoneCodeDialog = lazy(() =>
  import("./phone-code-dialog").then((module) => ({ default: module.PhoneCodeDialog })),
);

interface Props {
  region: string;
  national: string;
  onRegionChange: (region: string) => void;
  onNationalChange: (national: string) => void;
  /** The number as the form stands ("+39…"). */
  phoneNumber: string;
  verified: boolean;
  error?: string;
  verification: ReturnType<typeof usePhoneVerification>;
  /** Validates the number (SPEC §5: at least 6 characters) and asks for a code. */
  onVerify: () => void;
}

/** Names each country in the UI language; the prefix stays visible for those who know it by number. */
function useCountryOptions() {
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? "it";
  return useMemo(() => {
    const names = new Intl.DisplayNames([language], { type: "region" });
    return PHONE_COUNTRIES.map((country) => ({
      value: country.region,
      label: `${names.of(country.region) ?? country.region} (${country.prefix})`,
    }));
  }, [language]);
}

/** Prefix picker (44 countries, +39 first), number, verification state and the code modal. */
export function PhoneField(props: Props) {
  const { t } = useTranslation();
  const options = useCountryOptions();
  const { verification } = props;
  const fieldError = props.error ?? verification.requestError ?? undefined;
  return (
    <div className={styles.phone}>
      <div className={styles.phoneHead}>
        <span className={styles.groupLabel} id="phone-label">
          {t("settings.phone")}
          <span aria-hidden="true" className={styles.required}>
            {" "}
            *
          </span>
        </span>
        {props.phoneNumber ? (
          <Tag tone={props.verified ? "success" : "warning"}>
            {props.verified ? t("settings.verified") : t("settings.notVerified")}
          </Tag>
        ) : null}
      </div>
      <div className={styles.phoneRow} role="group" aria-labelledby="phone-label">
        <Select
          className={styles.prefix}
          label={t("phone.prefix")}
          value={props.region}
          onChange={(event) => props.onRegionChange(event.target.value)}
          options={options}
          autoComplete="tel-country-code"
        />
        <TextField
          className={styles.number}
          label={t("phone.number")}
          // tel-national belongs to HTML's "Text" autofill group, which type="tel" is not part of
          // (pa11y/HTML_CodeSniffer flags it); inputMode still brings up the phone keypad.
          type="text"
          inputMode="tel"
          autoComplete="tel-national"
          value={props.national}
          onChange={(event) => props.onNationalChange(event.target.value)}
          error={fieldError}
          hint={props.verified ? undefined : t("phone.hint")}
          required
        />
      </div>
      {!props.verified ? (
        <div className={styles.phoneActions}>
          <Button variant="outline" size="sm" onClick={props.onVerify} loading={verification.requesting}>
            {t("phone.verify")}
          </Button>
          {verification.codeSentTo === props.phoneNumber && !verification.dialog.open ? (
            <Button variant="ghost" size="sm" onClick={() => verification.dialog.onOpenChange(true)}>
              {t("phone.enterCode")}
            </Button>
          ) : null}
        </div>
      ) : null}
      {verification.waitMessage && !verification.dialog.open ? (
        <Alert tone="warning">{verification.waitMessage}</Alert>
      ) : null}
      {verification.verifiedNow && props.verified ? <Alert tone="success">{t("phone.verified")}</Alert> : null}
      {verification.dialog.open ? (
        <Suspense fallback={null}>
          <PhoneCodeDialog {...verification.dialog} phoneNumber={props.phoneNumber} />
        </Suspense>
      ) : null}
    </div>
  );
}
