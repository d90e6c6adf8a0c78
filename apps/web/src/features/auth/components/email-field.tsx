import type { ComponentProps } from "react";
import { useTranslation } from "react-i18next";
import { MailIcon } from "../../../components/ui/icons";
import { TextField } from "../../../components/ui/text-field";

type Props = Omit<ComponentProps<typeof TextField>, "label" | "type"> & { label?: string };

/** The e-mail input of every auth form: one label, keyboard, autofill hint and icon. */
export function EmailField({ label, ...props }: Props) {
  const { t } = useTranslation();
  return (
    <TextField
      label={label ?? t("auth.email")}
      type="email"
      inputMode="email"
      autoComplete="email"
      icon={<MailIcon size={18} />}
      {...props}
    />
  );
}
