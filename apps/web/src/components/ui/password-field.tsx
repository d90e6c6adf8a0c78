import { useState, type ComponentProps } from "react";
import { useTranslation } from "react-i18next";
import { TextField } from "./text-field";
import { EyeIcon, EyeOffIcon } from "./icons";
import styles from "./password-field.module.css";

type Props = Omit<ComponentProps<typeof TextField>, "type" | "end">;

/** Password input with a show/hide toggle (a real button, labelled, with its state). */
export function PasswordField(props: Props) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  return (
    <TextField
      {...props}
      type={visible ? "text" : "password"}
      end={
        <button
          type="button"
          className={styles.toggle}
          aria-label={visible ? t("common.hidePassword") : t("common.showPassword")}
          aria-pressed={visible}
          onClick={() => setVisible((value) => !value)}
        >
          {visible ? <EyeOffIcon size={20} /> : <EyeIcon size={20} />}
        </button>
      }
    />
  );
}
