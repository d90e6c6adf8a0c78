import { type InputHTMLAttributes, type ReactNode, type Ref } from "react";
import { FieldError, useFieldIds } from "./field-parts";
import styles from "./field.module.css";

interface CheckboxProps extends Omit<InputHTMLAttributes<HTMLInputElement>, "type"> {
  label: ReactNode;
  error?: string;
  ref?: Ref<HTMLInputElement>;
}

export function Checkbox({ label, error, id, className, ref, ...input }: CheckboxProps) {
  const { controlId: inputId, errorId } = useFieldIds(id, { error });
  return (
    <div className={[styles.checkField, className].filter(Boolean).join(" ")}>
      <div className={styles.checkRow}>
        <input
          ref={ref}
          type="checkbox"
          id={inputId}
          className={styles.checkbox}
          aria-invalid={error ? true : undefined}
          aria-describedby={errorId}
          {...input}
        />
        <label htmlFor={inputId} className={styles.checkLabel}>
          {label}
        </label>
      </div>
      <FieldError id={errorId}>{error}</FieldError>
    </div>
  );
}
