import { existsSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadConfig } from "./config";

describe("DATA_DIR=memory://", () => {
  it("keeps the embedded secrets in memory: no 'memory:' folder appears in the working directory", () => {
    const config = loadConfig({ DATA_DIR: "memory://" });
    expect(config.dataDir).toBe("memory://");
    expect(config.jwtSecret.length).toBeGreaterThan(32);
    expect(config.push.vapid?.publicKey).toBeTruthy();
    expect(existsSync(path.resolve("memory:"))).toBe(false);
  });

  it("gives each throwaway instance its own secret", () => {
    expect(loadConfig({ DATA_DIR: "memory://" }).jwtSecret).not.toBe(loadConfig({ DATA_DIR: "memory://" }).jwtSecret);
  });
});
