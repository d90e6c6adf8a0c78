import type { ComponentProps } from "react";
import { CODE_LENGTH } from "@tavolo/shared/constants";
import { TextField } from "./text-field";
import styles from "./code-field.module.css";

type Props = Omit<
  ComponentProps<typeof TextField>,
  "value" | "onChange" | "inputMode" | "autoComplete" | "pattern" | "maxLength"
> & {
  value: string;
  /** The digits typed or pasted (anything else dropped), at most CODE_LENGTH of them. */
  onValueChange: (code: string) => void;
};

/** A one-time code input: digits only, CODE_LENGTH at most, offered by the OS from the SMS or mail. */
export function CodeField({ value, onValueChange, className, ...field }: Props) {
  return (
    <TextField
      {...field}
      className={[styles.code, className].filter(Boolean).join(" ")}
      inputMode="numeric"
      autoComplete="one-time-code"
      pattern="[0-9]*"
      maxLength={CODE_LENGTH}
      value={value}
      onChange={(event) => onValueChange(event.target.value.replace(/\D/g, "").slice(0, CODE_LENGTH))}
    />
  );
}
