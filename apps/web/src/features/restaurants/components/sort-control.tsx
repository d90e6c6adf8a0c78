import { useTranslation } from "react-i18next";
import { SEARCH_SORTS } from "@tavolo/shared/constants";
import { Select } from "../../../components/ui/select";
import type { SearchSort } from "../api/table-search";
import styles from "./search-results.module.css";

interface Props {
  value: SearchSort;
  /** "Nearest first" is offered only once the diner's position is known. */
  withDistance: boolean;
  onChange: (sort: SearchSort) => void;
}

/** How the results are ordered (decision 026): relevance, distance, rating, or the soonest free table. */
export function SortControl({ value, withDistance, onChange }: Props) {
  const { t } = useTranslation();
  const options = SEARCH_SORTS.filter((sort) => sort !== "distance" || withDistance).map((sort) => ({
    value: sort,
    label: t(`tableSearch.sort.${sort}`),
  }));
  return (
    <Select
      className={styles.sort}
      label={t("tableSearch.sortLabel")}
      value={value}
      onChange={(event) => onChange(SEARCH_SORTS.find((sort) => sort === event.target.value) ?? "relevance")}
      options={options}
    />
  );
}
