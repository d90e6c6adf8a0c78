import { describe, expect, it } from "vitest";
import { AppError } from "../errors";
import { createConcurrencyGate } from "./concurrency-gate";

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
}

describe("concurrency gate", () => {
  it("runs at most `active` jobs at once, queues `queued` more and refuses the next with a 503", async () => {
    const gate = createConcurrencyGate({ active: 2, queued: 1, retryAfterSeconds: 3 });
    const release = deferred();
    let started = 0;
    const job = async () => {
      started += 1;
      await release.promise;
      return started;
    };
    const running = [gate.run(job), gate.run(job), gate.run(job)];
    await Promise.resolve();
    expect(started).toBe(2);
    expect(gate.load()).toEqual({ running: 2, waiting: 1 });
    const refused = await gate.run(job).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ statusCode: 503, fields: { retryAfter: 3 } });
    release.resolve();
    await Promise.all(running);
    expect(started).toBe(3);
    expect(gate.load()).toEqual({ running: 0, waiting: 0 });
  });

  it("frees its place when a job fails", async () => {
    const gate = createConcurrencyGate({ active: 1, queued: 0, retryAfterSeconds: 1 });
    await expect(gate.run(() => Promise.reject(new Error("boom")))).rejects.toThrow("boom");
    await expect(gate.run(async () => "next")).resolves.toBe("next");
  });
});
