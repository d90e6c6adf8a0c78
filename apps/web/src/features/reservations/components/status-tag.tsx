import { useTranslation } from "react-i18next";
import { Tag } from "../../../components/ui/chip";
import type { ReservationStatus } from "../api/get-user-reservations";

const TONE: Record<ReservationStatus, "neutral" | "brand" | "success" | "warning"> = {
  pending: "warning",
  confirmed: "success",
  completed: "neutral",
  rejected: "brand",
  cancelled: "neutral",
};

export function StatusTag({ status }: { status: ReservationStatus }) {
  const { t } = useTranslation();
  return <Tag tone={TONE[status]}>{t(`status.${status}`)}</Tag>;
}
