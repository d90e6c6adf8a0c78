import { useState, type FormEvent } from "react";
import { useMutation } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { DEFAULT_PHONE_PREFIX } from "@tavolo/shared/constants";
import { apiClient, clientPath, errorMessage } from "../../../lib/api-client";
import type { StoredUser } from "../../../lib/storage";
import { useDocumentTitle } from "../../../lib/use-document-title";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { PhoneIcon } from "../../../components/ui/icons";
import { Card, Page } from "../../../components/ui/page";
import { Select } from "../../../components/ui/select";
import { TextField } from "../../../components/ui/text-field";
import styles from "./complete-profile-page.module.css";

const PREFIXES = ["+39", "+41", "+33", "+49", "+43", "+34", "+44", "+1"];
/** SPEC §5: at least 6 characters before a code can be requested. */
const MIN_PHONE_LENGTH = 6;

export function CompleteProfilePage({ user }: { user: StoredUser }) {
  const { t } = useTranslation();
  useDocumentTitle(t("completeProfile.title"));
  const [firstName, setFirstName] = useState(user.firstName ?? "");
  const [lastName, setLastName] = useState(user.lastName ?? "");
  const [prefix, setPrefix] = useState(DEFAULT_PHONE_PREFIX);
  const [phone, setPhone] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const start = useMutation({
    mutationFn: (phoneNumber: string) =>
      apiClient.post(clientPath("/verify-phone/start"), { userId: user.id, phoneNumber }),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next: Record<string, string> = {};
    if (!firstName.trim()) next.firstName = t("validation.firstNameRequired");
    if (!lastName.trim()) next.lastName = t("validation.lastNameRequired");
    if (phone.replace(/\s/g, "").length < MIN_PHONE_LENGTH) next.phone = t("completeProfile.phoneTooShort");
    setErrors(next);
    if (Object.keys(next).length === 0) start.mutate(`${prefix}${phone.replace(/\s/g, "")}`);
  };

  return (
    <Page
      title={t("completeProfile.title")}
      lead={t("completeProfile.subtitle")}
      icon={<PhoneIcon size={24} />}
      width="sm"
    >
      <Card>
        <form className={styles.form} onSubmit={submit} noValidate>
          <TextField
            label={t("register.firstName")}
            value={firstName}
            onChange={(e) => setFirstName(e.target.value)}
            error={errors.firstName}
            autoComplete="given-name"
            required
          />
          <TextField
            label={t("register.lastName")}
            value={lastName}
            onChange={(e) => setLastName(e.target.value)}
            error={errors.lastName}
            autoComplete="family-name"
            required
          />
          <div className={styles.phone}>
            <Select
              label={t("completeProfile.prefix")}
              value={prefix}
              onChange={(e) => setPrefix(e.target.value)}
              options={PREFIXES.map((value) => ({ value, label: value }))}
            />
            <TextField
              label={t("completeProfile.phone")}
              type="tel"
              inputMode="tel"
              autoComplete="tel-national"
              value={phone}
              onChange={(e) => setPhone(e.target.value)}
              error={errors.phone}
              required
            />
          </div>
          {start.isError ? <Alert>{errorMessage(start.error, t("completeProfile.sendError"))}</Alert> : null}
          {start.isSuccess ? <Alert tone="success">{t("completeProfile.codeSent")}</Alert> : null}
          <Button type="submit" fullWidth loading={start.isPending}>
            {t("completeProfile.submit")}
          </Button>
        </form>
      </Card>
    </Page>
  );
}
