import type { FastifyBaseLogger } from "fastify";
import { inSpan } from "../telemetry/spans";

/**
 * A worker that every process runs (the waitlist's holds, reminders): one pass at a time, each
 * traced as `<name>.pass`, a failed pass logged and left to the next tick. Correctness across
 * processes is the pass's own (FOR UPDATE SKIP LOCKED); this only paces it.
 */
export function pollingWorker<T>(name: string, log: FastifyBaseLogger, runOnce: () => Promise<T>) {
  let running: Promise<unknown> | undefined;
  let timer: NodeJS.Timeout | undefined;
  return {
    runOnce,
    /** Polls every `pollMs` (0: never; tests, the bench and command-line tools call runOnce themselves). */
    start(pollMs: number): void {
      if (pollMs <= 0) return;
      timer = setInterval(() => {
        if (running) return;
        running = inSpan(`${name}.pass`, {}, runOnce)
          .catch((error: unknown) => log.warn({ err: error }, `${name} pass failed; the next one retries`))
          .finally(() => (running = undefined));
      }, pollMs).unref();
    },
    async close(): Promise<void> {
      if (timer) clearInterval(timer);
      await running;
    },
  };
}
