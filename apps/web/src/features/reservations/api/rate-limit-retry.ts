import { HISTORY_BACKOFF_MAX_MS, MAX_RETRIES, RETRY_DELAY_MS } from "@tavolo/shared/constants";
import { ApiError } from "../../../lib/api-client";
import { retryAfterOf } from "../../../lib/use-wait-notice";

/** A 429 is retried up to MAX_RETRIES times (SPEC §8/§9); other 4xx never, network and 5xx twice as elsewhere. */
export function retryOnRateLimit(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status === 429) return failureCount < MAX_RETRIES;
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

/**
 * 2 s, 4 s, 8 s...: the delay doubles from RETRY_DELAY_MS, never shorter than the server's
 * `retryAfter` (retrying earlier would only be refused again) and never longer than the history
 * backoff cap of 32 s, so the page is never left waiting longer than that.
 */
export function backoffDelay(failureCount: number, error: unknown): number {
  const doubling = RETRY_DELAY_MS * 2 ** Math.max(0, failureCount);
  return Math.min(Math.max(doubling, (retryAfterOf(error) ?? 0) * 1000), HISTORY_BACKOFF_MAX_MS);
}

export const isRateLimited = (error: unknown): boolean => error instanceof ApiError && error.status === 429;
