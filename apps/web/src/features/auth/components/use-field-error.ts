import type { FieldErrors, FieldValues, Path } from "react-hook-form";
import { useTranslation } from "react-i18next";

/** Schemas carry i18n keys (packages/shared); a field shows its error translated. */
export function useFieldError<T extends FieldValues>(errors: FieldErrors<T>) {
  const { t } = useTranslation();
  return (name: Path<T>): string | undefined => {
    const message = errors[name]?.message;
    return typeof message === "string" && message ? t(message) : undefined;
  };
}
