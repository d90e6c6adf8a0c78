import { describe, expect, it } from "vitest";
import { ApiError } from "../../../lib/api-client";
import { backoffDelay, retryOnRateLimit } from "./rate-limit-retry";

const tooMany = (retryAfter?: number) =>
  new ApiError({ status: 429, code: "rate_limited", message: "Troppe richieste", body: { retryAfter } });

describe("429 retry policy (SPEC §8, §9)", () => {
  it("retries a 429 three times, other 4xx never, network trouble twice", () => {
    expect([0, 1, 2, 3].map((count) => retryOnRateLimit(count, tooMany()))).toEqual([true, true, true, false]);
    expect(retryOnRateLimit(0, new ApiError({ status: 403, code: "forbidden", message: "" }))).toBe(false);
    expect(
      [0, 1, 2].map((count) => retryOnRateLimit(count, new ApiError({ status: 0, code: "network", message: "" }))),
    ).toEqual([true, true, false]);
  });

  it("waits 2, 4, 8 s, at least the server's retryAfter, and never more than 32 s", () => {
    expect([0, 1, 2].map((count) => backoffDelay(count, tooMany()))).toEqual([2_000, 4_000, 8_000]);
    expect(backoffDelay(0, tooMany(5))).toBe(5_000);
    expect(backoffDelay(2, tooMany(5))).toBe(8_000);
    expect(backoffDelay(0, tooMany(120))).toBe(32_000);
    expect(backoffDelay(6, tooMany())).toBe(32_000);
  });
});
