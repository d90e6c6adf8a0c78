import { describe, expect, it } from "vitest";
import { boundedMemo } from "./bounded-memo";

describe("boundedMemo", () => {
  it("computes a key once, null answers included", () => {
    const memo = boundedMemo<number | null>(10);
    let calls = 0;
    const ask = (key: string) => memo(key, () => (calls++, key === "none" ? null : key.length));
    expect([ask("abc"), ask("abc"), ask("none"), ask("none")]).toEqual([3, 3, null, null]);
    expect(calls).toBe(2);
  });

  it("never holds more than its bound: full, it starts over", () => {
    const memo = boundedMemo<string>(2);
    let calls = 0;
    const ask = (key: string) => memo(key, () => (calls++, key));
    ask("a");
    ask("b");
    ask("c"); // full: emptied, then "c" kept
    ask("c");
    expect(calls).toBe(3);
    ask("a"); // forgotten when the memo was emptied
    expect(calls).toBe(4);
  });
});
