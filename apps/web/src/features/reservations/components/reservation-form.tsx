import { useEffect, useState, type FormEvent } from "react";
import { useNavigate } from "react-router";
import { useTranslation } from "react-i18next";
import { PEOPLE_PER_RESERVATION, RESERVATION_REDIRECT_MS } from "@tavolo/shared/constants";
import { errorMessage } from "../../../lib/api-client";
import { paths } from "../../../config/paths";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { Select } from "../../../components/ui/select";
import { TextField } from "../../../components/ui/text-field";
import { useMakeReservation } from "../api/make-reservation";
import styles from "./reservation-form.module.css";

export interface Slot {
  date: string;
  time: string;
  people: number;
}

export interface TableOption {
  id: string;
  number: number;
  capacity: number;
  isAvailable: boolean;
}

interface Props {
  userId: string;
  restaurantId: string;
  today: string;
  slot: Slot;
  onSlotChange: (slot: Slot) => void;
  tables: TableOption[] | undefined;
  tablesLoading: boolean;
  tablesError: boolean;
}

const PEOPLE = Array.from(
  { length: PEOPLE_PER_RESERVATION.max - PEOPLE_PER_RESERVATION.min + 1 },
  (_, i) => PEOPLE_PER_RESERVATION.min + i,
);

export function ReservationForm({
  userId,
  restaurantId,
  today,
  slot,
  onSlotChange,
  tables,
  tablesLoading,
  tablesError,
}: Props) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const mutation = useMakeReservation();
  const [tableId, setTableId] = useState("");
  const [specialRequests, setSpecialRequests] = useState("");
  const [missing, setMissing] = useState(false);

  // Only free tables that seat the party can be chosen (SPEC §5).
  const choices = (tables ?? []).filter((table) => table.isAvailable && table.capacity >= slot.people);
  // A table chosen earlier drops out when the party or slot no longer fits it.
  const selectedTable = choices.some((table) => table.id === tableId) ? tableId : "";

  useEffect(() => {
    if (!mutation.isSuccess) return;
    const timer = setTimeout(() => void navigate(paths.history()), RESERVATION_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [mutation.isSuccess, navigate]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!slot.date || !slot.time || !selectedTable || slot.date < today) {
      setMissing(true);
      return;
    }
    setMissing(false);
    mutation.mutate({
      userId,
      restaurantId,
      date: slot.date,
      time: slot.time,
      numberOfPeople: slot.people,
      tableId: selectedTable,
      specialRequests: specialRequests.trim(),
    });
  };

  const tableOptions = [
    {
      value: "",
      label: tablesLoading
        ? t("common.loading")
        : choices.length
          ? t("reservation.chooseTable")
          : t("reservation.noTables"),
    },
    ...choices.map((table) => ({
      value: table.id,
      label: t("reservation.tableOption", { number: table.number, count: table.capacity }),
    })),
  ];

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <p className={styles.note}>{t("reservation.requiredNote")}</p>
      <div className={styles.row}>
        <TextField
          label={t("reservation.date")}
          type="date"
          min={today}
          value={slot.date}
          required
          onChange={(event) => onSlotChange({ ...slot, date: event.target.value })}
        />
        <TextField
          label={t("reservation.time")}
          type="time"
          step={900}
          value={slot.time}
          required
          onChange={(event) => onSlotChange({ ...slot, time: event.target.value })}
        />
      </div>
      <div className={styles.row}>
        <Select
          label={t("reservation.people")}
          value={String(slot.people)}
          onChange={(event) => onSlotChange({ ...slot, people: Number(event.target.value) })}
          options={PEOPLE.map((count) => ({ value: String(count), label: t("history.people", { count }) }))}
        />
        <Select
          label={t("reservation.table")}
          value={selectedTable}
          onChange={(event) => setTableId(event.target.value)}
          options={tableOptions}
          disabled={tablesLoading}
          required
        />
      </div>
      {tablesError ? <Alert tone="warning">{t("reservation.tablesError")}</Alert> : null}
      <div className={styles.field}>
        <label htmlFor="special-requests" className={styles.label}>
          {t("reservation.specialRequests")}
        </label>
        <textarea
          id="special-requests"
          className={styles.textarea}
          rows={3}
          maxLength={500}
          value={specialRequests}
          placeholder={t("reservation.specialRequestsPlaceholder")}
          onChange={(event) => setSpecialRequests(event.target.value)}
        />
      </div>
      {missing ? <Alert>{t("reservation.required")}</Alert> : null}
      {mutation.isError ? <Alert>{errorMessage(mutation.error, t("reservation.submitError"))}</Alert> : null}
      {mutation.isSuccess ? <Alert tone="success">{t("reservation.success")}</Alert> : null}
      <Button type="submit" size="lg" fullWidth loading={mutation.isPending} disabled={mutation.isSuccess}>
        {t("reservation.submit")}
      </Button>
    </form>
  );
}
