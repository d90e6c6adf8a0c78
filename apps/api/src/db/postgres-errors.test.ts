import { describe, expect, it } from "vitest";
import { isExclusionViolation, retryOnDeadlock } from "./postgres-errors";

const pgError = (code: string) => Object.assign(new Error(code), { code });

describe("PostgreSQL errors the application answers itself", () => {
  it("recognises an exclusion violation", () => {
    expect(isExclusionViolation(pgError("23P01"))).toBe(true);
    expect(isExclusionViolation(pgError("23505"))).toBe(false);
    expect(isExclusionViolation(null)).toBe(false);
  });

  it("runs again after a deadlock, a bounded number of times, and passes other errors through", async () => {
    let calls = 0;
    await expect(
      retryOnDeadlock(async () => {
        calls++;
        if (calls < 3) throw pgError("40P01");
        return "booked";
      }),
    ).resolves.toBe("booked");
    expect(calls).toBe(3);

    calls = 0;
    await expect(
      retryOnDeadlock(async () => {
        calls++;
        throw pgError("40P01");
      }),
    ).rejects.toMatchObject({ code: "40P01" });
    expect(calls).toBe(3);

    calls = 0;
    await expect(
      retryOnDeadlock(async () => {
        calls++;
        throw pgError("23P01");
      }),
    ).rejects.toMatchObject({ code: "23P01" });
    expect(calls).toBe(1);
  });
});
