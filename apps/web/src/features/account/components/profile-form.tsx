import { useState, type FormEvent, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { AuthUser } from "@tavolo/shared/auth";
import {
  isPhoneDigits,
  joinPhoneNumber,
  MIN_PHONE_LENGTH,
  splitPhoneNumber,
  stripPhoneFormatting,
} from "@tavolo/shared/phone";
import { errorMessage } from "../../../lib/api-client";
import type { StoredUser } from "../../../lib/storage";
import { useTimedNotice } from "../../../lib/use-timed-notice";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { TextField } from "../../../components/ui/text-field";
import { useUpdateProfile } from "../api/update-profile";
import { PhoneField } from "./phone-field";
import { pendingPhoneCodeNumber, usePhoneVerification } from "./use-phone-verification";
import styles from "./settings-forms.module.css";

/** SPEC §9: success notices vanish after 3 to 5 s. */
const SAVED_NOTICE_MS = 4_000;

interface Props {
  user: StoredUser;
  /** Stores what the server now says about the user (and tells the header). */
  onUserChanged: (user: AuthUser) => void;
  submitLabel: string;
  /** After a successful save (the complete-profile screen leaves). */
  onSaved?: () => void;
  /** Shown between the fields and the button (e.g. the read-only e-mail). */
  children?: ReactNode;
}

type Errors = Partial<Record<"firstName" | "lastName" | "phone", string>>;

/**
 * Profile of SPEC §2/§5: first name, last name and a verified phone are required. The phone is
 * saved by its verification; editing a verified number makes it unverified again and blocks
 * saving until the new one is verified.
 */
export function ProfileForm({ user, onUserChanged, submitLabel, onSaved, children }: Props) {
  const { t } = useTranslation();
  const [firstName, setFirstName] = useState(user.firstName ?? "");
  const [lastName, setLastName] = useState(user.lastName ?? "");
  // A number awaiting its code survives a reload: the code can still be typed (decision 023).
  const [phone, setPhone] = useState(() => splitPhoneNumber(pendingPhoneCodeNumber(user.id) ?? user.phoneNumber));
  const [errors, setErrors] = useState<Errors>({});
  const [savedNotice, setSavedNotice] = useTimedNotice<true>(SAVED_NOTICE_MS);
  const save = useUpdateProfile(user.id);
  const verification = usePhoneVerification(user.id, (verified) => {
    onUserChanged(verified);
    setErrors((current) => ({ ...current, phone: undefined }));
  });

  const phoneNumber = joinPhoneNumber(phone.region, phone.national);
  const verified = Boolean(user.phoneVerified) && phoneNumber !== "" && phoneNumber === user.phoneNumber;

  const phoneProblem = (): string | undefined => {
    if (!stripPhoneFormatting(phone.national)) return t("phone.required");
    if (!isPhoneDigits(phone.national)) return t("phone.digitsOnly");
    if (stripPhoneFormatting(phone.national).length < MIN_PHONE_LENGTH) return t("completeProfile.phoneTooShort");
    return undefined;
  };

  const editPhone = (next: { region: string; national: string }) => {
    setPhone(next as typeof phone);
    setErrors((current) => ({ ...current, phone: undefined }));
    verification.resetRequest();
  };

  const verify = () => {
    const problem = phoneProblem();
    setErrors((current) => ({ ...current, phone: problem }));
    if (!problem) verification.request(phoneNumber);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // A new attempt answers for itself: no "saved" from the last one beside this one's problems.
    setSavedNotice(null);
    save.reset();
    const next: Errors = {
      firstName: firstName.trim() ? undefined : t("validation.firstNameRequired"),
      lastName: lastName.trim() ? undefined : t("validation.lastNameRequired"),
      phone: phoneProblem() ?? (verified ? undefined : t("phone.verifyBeforeSaving")),
    };
    setErrors(next);
    if (next.firstName || next.lastName || next.phone) return;
    save.mutate(
      { firstName: firstName.trim(), lastName: lastName.trim() },
      {
        onSuccess: (result) => {
          onUserChanged(result.profile);
          setSavedNotice(true);
          onSaved?.();
        },
      },
    );
  };

  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-label={t("settings.profile")}>
      <div className={styles.pair}>
        <TextField
          label={t("register.firstName")}
          value={firstName}
          onChange={(event) => setFirstName(event.target.value)}
          error={errors.firstName}
          autoComplete="given-name"
          maxLength={60}
          required
        />
        <TextField
          label={t("register.lastName")}
          value={lastName}
          onChange={(event) => setLastName(event.target.value)}
          error={errors.lastName}
          autoComplete="family-name"
          maxLength={60}
          required
        />
      </div>
      {children}
      <PhoneField
        region={phone.region}
        national={phone.national}
        onRegionChange={(region) => editPhone({ ...phone, region })}
        onNationalChange={(national) => editPhone({ ...phone, national })}
        phoneNumber={phoneNumber}
        verified={verified}
        error={errors.phone}
        verification={verification}
        onVerify={verify}
      />
      {save.isError ? <Alert>{errorMessage(save.error, t("settings.updateError"))}</Alert> : null}
      {savedNotice ? <Alert tone="success">{t("settings.saved")}</Alert> : null}
      <div className={styles.submitRow}>
        <Button type="submit" loading={save.isPending}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
