import { useTranslation } from "react-i18next";
import { formatSeconds } from "./use-cooldown";
import { ApiError } from "./api-client";
import { useTimedNotice } from "./use-timed-notice";

/** SPEC §8: 'Devi attendere m:ss prima di richiedere un nuovo codice' stays up for 5 s. */
export const WAIT_NOTICE_MS = 5_000;

/** The wait message of a cooldown, shown for 5 s each time someone asks too early. */
export function useWaitNotice() {
  const { t } = useTranslation();
  const [text, setText] = useTimedNotice<string>(WAIT_NOTICE_MS);
  return {
    text,
    show: (seconds: number) => setText(t("verify.wait", { time: formatSeconds(seconds) })),
    clear: () => setText(null),
  };
}

/** The server's retryAfter (seconds) of a 429, if that is what `error` is. */
export function retryAfterOf(error: unknown): number | undefined {
  const value = error instanceof ApiError ? (error.body as { retryAfter?: unknown } | null)?.retryAfter : undefined;
  return typeof value === "number" && value > 0 ? Math.ceil(value) : undefined;
}
