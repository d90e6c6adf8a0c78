import { vi } from "vitest";

/**
 * How long a test waits for something to happen: findBy*, waitFor (test/setup.ts) and eventually.
 * Waits return as soon as the check passes; only a test that is wrong waits the whole budget
 * (decisions 047 and 053).
 */
export const WAIT_BUDGET_MS = 10_000;

/**
 * vi.waitFor for what is not on the screen (storage, fetch calls, focus): vitest's own default gives
 * up after 1 s, which a loaded machine overruns. Under fake timers it advances them by `interval`
 * per check, as vi.waitFor does.
 */
export function eventually<T>(check: () => T | Promise<T>): Promise<T> {
  return vi.waitFor(check, { timeout: WAIT_BUDGET_MS, interval: 20 });
}
