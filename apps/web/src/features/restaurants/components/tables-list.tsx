import { useTranslation } from "react-i18next";
import type { Table } from "@tavolo/shared/restaurants";
import { Skeleton } from "../../../components/ui/spinner";
import { UsersIcon } from "../../../components/ui/page-icons";
import styles from "./tables-list.module.css";

interface Props {
  tables: Table[] | undefined;
  loading: boolean;
  error: boolean;
}

export function TablesList({ tables, loading, error }: Props) {
  const { t } = useTranslation();
  if (loading && !tables) {
    return (
      <div className={styles.grid} aria-hidden="true">
        {Array.from({ length: 6 }, (_, index) => (
          <Skeleton key={index} height={64} radius="10px" />
        ))}
      </div>
    );
  }
  if (!tables || tables.length === 0) {
    return <p className={styles.note}>{error ? t("restaurant.tablesError") : t("restaurant.noTables")}</p>;
  }
  const free = tables.filter((table) => table.isAvailable).length;
  return (
    <>
      <p className={styles.summary}>{t("restaurant.tablesFree", { count: free, total: tables.length })}</p>
      <ul role="list" className={styles.grid}>
        {[...tables]
          .sort((a, b) => a.number - b.number)
          .map((table) => (
            <li
              key={table.id}
              className={`${styles.table} ${table.isAvailable ? styles.free : styles.taken}`}
              data-testid="table"
            >
              <span className={styles.number}>{t("restaurant.table", { number: table.number })}</span>
              <span className={styles.meta}>
                <UsersIcon size={15} />
                {t("restaurant.seats", { count: table.capacity })}
              </span>
              <span className={styles.status}>
                {table.isAvailable ? t("restaurant.available") : t("restaurant.unavailable")}
              </span>
            </li>
          ))}
      </ul>
    </>
  );
}
