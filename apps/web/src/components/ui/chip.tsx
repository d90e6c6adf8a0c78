import { useId, useRef, type HTMLAttributes, type ReactNode } from "react";
import { Link, type LinkProps } from "react-router";
import { useOverflowEdges } from "./use-overflow-edges";
import styles from "./chip.module.css";

export type TagTone = "neutral" | "brand" | "success" | "warning" | "info" | "error";

/** A static label, e.g. a cuisine on a card; `dot` leads it with a dot in its colour. */
export function Tag({
  children,
  tone = "neutral",
  dot = false,
  ...rest
}: Omit<HTMLAttributes<HTMLSpanElement>, "className"> & { children: ReactNode; tone?: TagTone; dot?: boolean }) {
  return (
    <span className={`${styles.tag} ${styles[tone]}`} {...rest}>
      {dot ? <span className={styles.dot} aria-hidden="true" /> : null}
      {children}
    </span>
  );
}

/** A chip's classes, for a chip drawn as a plain `<a>` (a list of them shares one handler). */
export const chipClassName = (className?: string) => [styles.chip, className].filter(Boolean).join(" ");

export function ChipLink({ className, children, ...rest }: LinkProps) {
  return (
    <Link className={chipClassName(className)} {...rest}>
      {children}
    </Link>
  );
}

interface ChipGroupProps<V extends string> {
  legend: string;
  hideLegend?: boolean;
  value: V;
  options: readonly { value: V; label: string }[];
  onChange: (value: V) => void;
  /** Lay the chips on one scrollable line (mobile filters) instead of wrapping. */
  scroll?: boolean;
}

/**
 * Single choice shown as chips. Native radios underneath, so arrow keys, Tab and screen readers
 * behave as for any radio group.
 */
export function ChipRadioGroup<V extends string>({
  legend,
  hideLegend,
  value,
  options,
  onChange,
  scroll,
}: ChipGroupProps<V>) {
  const name = useId();
  const row = useRef<HTMLDivElement>(null);
  const edges = useOverflowEdges(row, scroll === true);
  const rowClass = scroll
    ? [styles.scrollRow, edges.start ? styles.moreStart : "", edges.end ? styles.moreEnd : ""].join(" ")
    : styles.wrapRow;
  return (
    <fieldset className={styles.group}>
      <legend className={hideLegend ? "visually-hidden" : styles.legend}>{legend}</legend>
      <div
        ref={row}
        className={rowClass}
        data-more-start={edges.start || undefined}
        data-more-end={edges.end || undefined}
      >
        {options.map((option) => (
          <label key={option.value} className={styles.radioChip}>
            <input
              type="radio"
              className={styles.radio}
              name={name}
              value={option.value}
              checked={option.value === value}
              onChange={() => onChange(option.value)}
            />
            <span className={styles.chip}>{option.label}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
