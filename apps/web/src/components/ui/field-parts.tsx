import { useId, type ReactNode } from "react";
import styles from "./field.module.css";

/** The label of every form control, with the required star (decorative: `required` says it). */
export function FieldLabel({
  htmlFor,
  required,
  hidden,
  children,
}: {
  htmlFor: string;
  required?: boolean;
  hidden?: boolean;
  children: ReactNode;
}) {
  return (
    <label htmlFor={htmlFor} className={hidden ? "visually-hidden" : styles.label}>
      {children}
      {required ? (
        <span aria-hidden="true" className={styles.required}>
          {" "}
          *
        </span>
      ) : null}
    </label>
  );
}

/** A control's error, announced as it appears and tied to it by `aria-describedby`. */
export function FieldError({ id, children }: { id: string | undefined; children: ReactNode }) {
  if (!children) return null;
  return (
    <p id={id} className={styles.error} role="alert">
      {children}
    </p>
  );
}

/** Ids a control points at: its error first (read first), then its hint. */
export function describedBy(...ids: (string | undefined)[]): string | undefined {
  return ids.filter(Boolean).join(" ") || undefined;
}

/** The control's id (the caller's, else a generated one) and those of its error and hint, when shown. */
export function useFieldIds(id: string | undefined, shown: { error?: string; hint?: ReactNode }) {
  const generated = useId();
  const controlId = id ?? generated;
  return {
    controlId,
    errorId: shown.error ? `${controlId}-error` : undefined,
    // The error replaces the hint on screen, so only a visible hint is pointed at.
    hintId: shown.hint && !shown.error ? `${controlId}-hint` : undefined,
  };
}
