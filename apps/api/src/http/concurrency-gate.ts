import { AppError } from "../errors";

/** A 503 whose body carries `retryAfter`; the error plugin mirrors it in Retry-After. */
export const busy = (retryAfterSeconds: number) =>
  new AppError(503, "overloaded", "apiErrors.serviceUnavailable", {}, { retryAfter: retryAfterSeconds });

export interface ConcurrencyGateOptions {
  /** Jobs running at once; 0 = no limit. */
  active: number;
  /** Jobs waiting their turn; one more is refused with `busy(retryAfterSeconds)` at once. */
  queued: number;
  retryAfterSeconds: number;
}

/**
 * At most `active` expensive jobs of one kind at once in this process (a page render, a share-card
 * drawing), a short queue behind them, and a 503 beyond it (decision 041): whatever an outsider
 * asks for, those jobs never take more of the process than this, so every other request (and the
 * health probe) is still answered. Like MAX_IN_FLIGHT_REQUESTS, refusing at once beats a queue
 * that grows until clients time out.
 */
export function createConcurrencyGate(options: ConcurrencyGateOptions) {
  let running = 0;
  const waiting: (() => void)[] = [];

  const next = () => {
    running -= 1;
    const start = waiting.shift();
    if (start) {
      running += 1;
      start();
    }
  };

  return {
    async run<T>(job: () => Promise<T>): Promise<T> {
      if (options.active > 0 && running >= options.active) {
        if (waiting.length >= options.queued) throw busy(options.retryAfterSeconds);
        await new Promise<void>((resolve) => waiting.push(resolve));
      } else running += 1;
      try {
        return await job();
      } finally {
        next();
      }
    },
    /** Jobs running and waiting now (tests, metrics). */
    load: () => ({ running, waiting: waiting.length }),
  };
}
export type ConcurrencyGate = ReturnType<typeof createConcurrencyGate>;
