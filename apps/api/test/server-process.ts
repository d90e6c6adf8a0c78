import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { createInterface } from "node:readline";
import { freePort, waitUntilOk } from "./free-port";

const apiRoot = path.resolve(import.meta.dirname, "..");

/** The real server (src/server.ts under tsx) in a process of its own, as `npm start` runs it. */
export interface ServerProcess {
  url: string;
  /** Ends it with `signal` and resolves with how it exited. */
  stop(signal: "SIGTERM" | "SIGKILL"): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** Every server a test started, so a failed test still leaves none running. */
const running = new Set<ChildProcess>();
process.once("exit", () => {
  for (const child of running) child.kill("SIGKILL");
});

/** `onLogLine` reads the server's standard output (its JSON log) line by line, instead of showing it. */
export async function startServerProcess(
  env: Record<string, string>,
  readyTimeoutMs = 60_000,
  onLogLine?: (line: string) => void,
): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ["--import", "tsx", "src/server.ts"], {
    cwd: apiRoot,
    env: {
      PATH: process.env.PATH,
      HOST: "127.0.0.1",
      PORT: String(port),
      LOG_LEVEL: "error",
      // Tokens name the public address as issuer: it stays the same whichever port a start gets.
      APP_ORIGIN: "http://tavolo.test",
      WEB_DIST_DIR: "/nonexistent",
      SEED_RESTAURANTS: "0",
      AUTH_RATE_LIMIT_PER_IP: "100000",
      AUTH_RATE_LIMIT_FAILURES_PER_IP: "100000",
      AUTH_RATE_LIMIT_PER_ACCOUNT_AND_IP: "100000",
      AUTH_RATE_LIMIT_PER_ACCOUNT: "100000",
      ...env,
    },
    stdio: ["ignore", onLogLine ? "pipe" : "inherit", "inherit"],
  });
  if (onLogLine) createInterface({ input: child.stdout! }).on("line", onLogLine);
  running.add(child);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once("exit", (code, signal) => {
      running.delete(child);
      resolve({ code, signal });
    }),
  );
  const url = `http://127.0.0.1:${port}`;
  const server: ServerProcess = {
    url,
    async stop(signal) {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
  try {
    await waitUntilOk(`${url}/api/ready`, readyTimeoutMs, () => child.exitCode === null);
  } catch (error) {
    await server.stop("SIGKILL");
    throw error;
  }
  return server;
}

/**
 * Starts the real server expecting it to refuse: resolves with its exit code and what it wrote to
 * stderr, or rejects when it is still running after `timeoutMs` (a start that was not refused).
 */
export async function refusedStart(
  env: Record<string, string>,
  timeoutMs = 30_000,
): Promise<{ code: number | null; stderr: string }> {
  const child = spawn(process.execPath, ["--import", "tsx", "src/server.ts"], {
    cwd: apiRoot,
    env: { PATH: process.env.PATH, HOST: "127.0.0.1", PORT: String(await freePort()), LOG_LEVEL: "error", ...env },
    stdio: ["ignore", "ignore", "pipe"],
  });
  running.add(child);
  let stderr = "";
  child.stderr!.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`the server did not refuse to start within ${timeoutMs} ms; stderr: ${stderr}`));
    }, timeoutMs);
    child.once("close", (code) => {
      clearTimeout(timer);
      running.delete(child);
      resolve({ code, stderr });
    });
  });
}
