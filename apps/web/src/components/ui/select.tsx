import { type ReactNode, type Ref, type SelectHTMLAttributes } from "react";
import { ChevronDownIcon } from "./page-icons";
import { FieldError, FieldLabel, useFieldIds } from "./field-parts";
import styles from "./field.module.css";

interface SelectProps extends SelectHTMLAttributes<HTMLSelectElement> {
  label: ReactNode;
  options: { value: string; label: string; disabled?: boolean }[];
  error?: string;
  hideLabel?: boolean;
  icon?: ReactNode;
  ref?: Ref<HTMLSelectElement>;
}

export function Select({ label, options, error, hideLabel, icon, id, className, ref, ...select }: SelectProps) {
  const { controlId: selectId, errorId } = useFieldIds(id, { error });
  return (
    <div className={[styles.field, className].filter(Boolean).join(" ")}>
      <FieldLabel htmlFor={selectId} required={select.required} hidden={hideLabel}>
        {label}
      </FieldLabel>
      <div
        className={[styles.box, styles.selectBox, error ? styles.invalid : "", icon ? styles.withIcon : ""].join(" ")}
      >
        {icon ? <span className={styles.icon}>{icon}</span> : null}
        <select
          ref={ref}
          id={selectId}
          className={styles.input}
          aria-invalid={error ? true : undefined}
          aria-describedby={errorId}
          {...select}
        >
          {options.map((option) => (
            <option key={option.value} value={option.value} disabled={option.disabled}>
              {option.label}
            </option>
          ))}
        </select>
        <span className={styles.chevron}>
          <ChevronDownIcon size={18} />
        </span>
      </div>
      <FieldError id={errorId}>{error}</FieldError>
    </div>
  );
}
