import { type ReactNode } from "react";
import { FieldLabel, useFieldIds } from "./field-parts";
import fieldStyles from "./field.module.css";
import styles from "./text-area-field.module.css";

interface TextAreaFieldProps {
  label: ReactNode;
  name: string;
  value: string;
  onChange: (value: string) => void;
  /** The shared limit; the counter keeps it visible before the server enforces it. */
  maxLength: number;
  placeholder?: string;
  /** "12 / 500 characters", in the caller's words. */
  counter: string;
  rows?: number;
  id?: string;
}

/** Free text for the restaurant (special requests, notes) with a live character counter. */
export function TextAreaField({
  label,
  name,
  value,
  onChange,
  maxLength,
  placeholder,
  counter,
  rows = 3,
  id,
}: TextAreaFieldProps) {
  const { controlId, hintId } = useFieldIds(id, { hint: counter });
  return (
    <div className={fieldStyles.field}>
      <FieldLabel htmlFor={controlId}>{label}</FieldLabel>
      <div className={[fieldStyles.box, styles.box].join(" ")}>
        <textarea
          id={controlId}
          name={name}
          className={styles.textarea}
          rows={rows}
          maxLength={maxLength}
          value={value}
          placeholder={placeholder}
          aria-describedby={hintId}
          onChange={(event) => onChange(event.target.value)}
        />
      </div>
      <p id={hintId} className={styles.counter}>
        {counter}
      </p>
    </div>
  );
}
