import { useTranslation } from "react-i18next";
import { BOOKING_HORIZON_DAYS, DEFAULT_TIME_ZONE } from "@tavolo/shared/constants";
import { addDays, dateInZone } from "@tavolo/shared/dates";
import { CalendarIcon } from "../../../components/ui/icons";
import { ClockIcon, UsersIcon } from "../../../components/ui/page-icons";
import { Select } from "../../../components/ui/select";
import { TextField } from "../../../components/ui/text-field";
import type { TableQuery } from "../api/table-search";
import { PARTY_SIZES } from "./party";
import { QUARTER_HOURS } from "./table-search-params";
import styles from "./table-search-fields.module.css";

interface Props {
  value: TableQuery;
  /** Only the field that changed: the others may be a render behind the URL. */
  onChange: (changes: Partial<TableQuery>) => void;
  /** The page's "now", so the date's bounds match the defaults. */
  now: Date;
}

/**
 * When and how many: the three questions of a search for a table (decision 026). Each change searches
 * at once (no submit): the results below follow the URL.
 */
export function TableSearchFields({ value, onChange, now }: Props) {
  const { t } = useTranslation();
  const today = dateInZone(now, DEFAULT_TIME_ZONE);
  return (
    <fieldset className={styles.fields}>
      <legend className="visually-hidden">{t("tableSearch.legend")}</legend>
      <TextField
        className={styles.date}
        label={t("tableSearch.date")}
        type="date"
        icon={<CalendarIcon size={18} />}
        min={today}
        max={addDays(today, BOOKING_HORIZON_DAYS)}
        value={value.date}
        // An emptied or half-typed date keeps the last whole one: the search never asks for "".
        onChange={(event) => {
          if (event.target.value) onChange({ date: event.target.value });
        }}
      />
      <Select
        className={styles.time}
        label={t("tableSearch.time")}
        icon={<ClockIcon size={18} />}
        value={value.time}
        onChange={(event) => onChange({ time: event.target.value })}
        options={QUARTER_HOURS.map((time) => ({ value: time, label: time }))}
      />
      <Select
        className={styles.people}
        label={t("tableSearch.people")}
        icon={<UsersIcon size={18} />}
        value={String(value.people)}
        onChange={(event) => onChange({ people: Number(event.target.value) })}
        options={PARTY_SIZES.map((count) => ({ value: String(count), label: t("history.people", { count }) }))}
      />
    </fieldset>
  );
}
