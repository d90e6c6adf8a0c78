import { useTranslation } from "react-i18next";
import type { ReservationStatus } from "@tavolo/shared/reservations";
import { Tag, type TagTone } from "../../../components/ui/chip";

const TONE: Record<ReservationStatus, TagTone> = {
  pending: "warning",
  confirmed: "success",
  completed: "info",
  rejected: "error",
  cancelled: "neutral",
};

/** Each status its own label and colour (SPEC §2), so a list reads at a glance. */
export function StatusTag({ status }: { status: ReservationStatus }) {
  const { t } = useTranslation();
  return (
    <Tag tone={TONE[status]} dot data-status={status}>
      {t(`status.${status}`)}
    </Tag>
  );
}
