import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { connect } from "node:net";
import { freePort } from "./free-port";

/** Suites needing redis-server skip without it, except in CI (REQUIRE_REDIS=1), where that is an error. */
export const hasRedisServer = spawnSync("redis-server", ["--version"]).status === 0;
if (!hasRedisServer && process.env.REQUIRE_REDIS === "1") {
  throw new Error("redis-server is required (REQUIRE_REDIS=1) for the scale-out suites: apt-get install redis-server");
}

export interface PrivateRedis {
  url: string;
  /** Stops the server (the suite's API processes see Redis go away). */
  stop(): Promise<void>;
  /** Starts it again on the same port, empty. */
  start(): Promise<void>;
}

/**
 * A redis-server of the test's own on a free port, without persistence: nothing another suite
 * running at the same time counts or publishes can reach it, and it vanishes with the test.
 */
export async function startPrivateRedis(): Promise<PrivateRedis> {
  const port = await freePort();
  let server: ChildProcess | undefined;
  const start = async () => {
    server = spawn(
      "redis-server",
      ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
      {
        stdio: "ignore",
      },
    );
    await waitForPort(port, 5_000);
  };
  const stop = async () => {
    const running = server;
    server = undefined;
    if (!running || running.exitCode !== null) return;
    await new Promise((resolve) => {
      running.once("exit", resolve);
      running.kill("SIGTERM");
    });
  };
  await start();
  return { url: `redis://127.0.0.1:${port}`, start, stop };
}

async function waitForPort(port: number, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect(port, "127.0.0.1", () => {
        socket.end();
        resolve(true);
      });
      socket.on("error", () => resolve(false));
    });
    if (open) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`redis-server did not listen on ${port} within ${timeoutMs} ms`);
}
