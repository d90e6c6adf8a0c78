import { type InputHTMLAttributes, type ReactNode, type Ref } from "react";
import { describedBy, FieldError, FieldLabel, useFieldIds } from "./field-parts";
import styles from "./field.module.css";

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, "size"> {
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  /** A control inside the box on the right (show/hide password, clear...). */
  end?: ReactNode;
  /** Decorative icon inside the box on the left. */
  icon?: ReactNode;
  hideLabel?: boolean;
  ref?: Ref<HTMLInputElement>;
}

export function TextField({ label, hint, error, end, icon, hideLabel, id, className, ref, ...input }: TextFieldProps) {
  const { controlId: inputId, errorId, hintId } = useFieldIds(id, { error, hint });
  return (
    <div className={[styles.field, className].filter(Boolean).join(" ")}>
      <FieldLabel htmlFor={inputId} required={input.required} hidden={hideLabel}>
        {label}
      </FieldLabel>
      <div
        className={[
          styles.box,
          error ? styles.invalid : "",
          icon ? styles.withIcon : "",
          end ? styles.withEnd : "",
        ].join(" ")}
      >
        {icon ? <span className={styles.icon}>{icon}</span> : null}
        {/* An explicit type: HTML_CodeSniffer (pa11y) reads a missing one as no text control and refuses
            autocomplete="given-name" on it. */}
        <input
          ref={ref}
          type="text"
          id={inputId}
          className={styles.input}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(errorId, hintId)}
          {...input}
        />
        {end ? <span className={styles.end}>{end}</span> : null}
      </div>
      {hintId ? (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      ) : null}
      <FieldError id={errorId}>{error}</FieldError>
    </div>
  );
}
