import type { ReactNode, Ref } from "react";
import { useTranslation } from "react-i18next";
import type { Table } from "@tavolo/shared/restaurants";
import { TableIcon } from "../../../components/ui/page-icons";
import styles from "./table-picker.module.css";

interface Props {
  /** Tables to offer: already only the free ones that seat the party. */
  tables: Table[];
  value: string;
  onChange: (tableId: string) => void;
  /** Shown instead of the choices (choose a time first, loading, none free...). */
  placeholder?: ReactNode;
  /** An answer for an earlier date, time or party is on screen while the new one loads. */
  stale?: boolean;
  error?: string;
  /** Messages that belong to the picker, such as "this table was just taken". */
  children?: ReactNode;
  ref?: Ref<HTMLFieldSetElement>;
}

/**
 * The table choice as native radios (arrow keys, one tab stop, announced as a group), drawn as
 * cards so a diner sees table number and seats at a glance.
 */
export function TablePicker({ tables, value, onChange, placeholder, stale, error, children, ref }: Props) {
  const { t } = useTranslation();
  const errorId = error ? "table-picker-error" : undefined;
  return (
    <fieldset ref={ref} className={styles.group} aria-describedby={errorId} aria-busy={stale || undefined}>
      <legend className={styles.legend} tabIndex={-1}>
        {t("reservation.table")}
        <span aria-hidden="true" className={styles.required}>
          {" "}
          *
        </span>
      </legend>
      {children}
      {placeholder ? (
        <p className={styles.placeholder}>{placeholder}</p>
      ) : (
        <div className={[styles.grid, stale ? styles.stale : ""].join(" ")}>
          {tables.map((table) => (
            <label key={table.id} className={styles.option}>
              <input
                type="radio"
                name="tableId"
                className={styles.radio}
                value={table.id}
                checked={table.id === value}
                onChange={() => onChange(table.id)}
              />
              <span className={styles.card}>
                <TableIcon size={20} />
                <span className={styles.number}>{t("history.table", { number: table.number })}</span>
                <span className="visually-hidden">,</span>{" "}
                <span className={styles.seats}>{t("reservation.seats", { count: table.capacity })}</span>
              </span>
            </label>
          ))}
        </div>
      )}
      {error ? (
        <p id={errorId} className={styles.error} role="alert">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
