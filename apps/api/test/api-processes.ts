import { spawn } from "node:child_process";
import path from "node:path";
import { freePort, waitUntilOk } from "./free-port";
import { TEST_JWT_SECRET, type TestApp } from "./test-app";

/** An answer read like inject()'s, so the same assertions serve in-process and HTTP requests. */
export interface Answer {
  statusCode: number;
  headers: Headers;
  json(): unknown;
  /** The body as text (a rendered page). */
  text(): string;
}

export interface ApiProcess {
  url: string;
  get(path: string, headers?: Record<string, string>): Promise<Answer>;
  post(path: string, body: unknown, headers?: Record<string, string>): Promise<Answer>;
  stop(): Promise<void>;
}

const apiRoot = path.resolve(import.meta.dirname, "..");

/**
 * Starts `count` real API processes (src/server.ts, each on its own free port) on the test app's
 * PostgreSQL database, with the same JWT secret and APP_ORIGIN, so a diner signed in through one
 * (or through the in-process test app) is signed in through all. Create the suite's fixtures first: an empty database would be seeded by each.
 */
export async function startApiProcesses(
  t: TestApp,
  count: number,
  env: Record<string, string> = {},
): Promise<ApiProcess[]> {
  if (!t.databaseUrl) throw new Error("API processes share a PostgreSQL database: run in the api-pg projects");
  const started = await Promise.allSettled(
    Array.from({ length: count }, () =>
      // APP_ORIGIN is the tokens' issuer: processes behind one address must share it.
      startApiProcess({
        DATABASE_URL: t.databaseUrl!,
        APP_ORIGIN: t.config.appOrigin,
        // Mail stays in the shared outbox (read through the test app) unless the suite brings an SMTP peer.
        ...(env.SMTP_URL ? {} : { MAIL_TRANSPORT: "outbox" }),
        ...env,
      }),
    ),
  );
  const processes = started.flatMap((result) => (result.status === "fulfilled" ? [result.value] : []));
  const failed = started.find((result) => result.status === "rejected");
  if (failed) {
    await Promise.all(processes.map((process) => process.stop()));
    throw failed.reason;
  }
  return processes;
}

async function startApiProcess(env: Record<string, string>): Promise<ApiProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ["--import", "tsx", "src/server.ts"], {
    cwd: apiRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      LOG_LEVEL: "error",
      WEB_DIST_DIR: "/nonexistent",
      JWT_SECRET: TEST_JWT_SECRET,
      // Two processes share the server's 100 connections with the test's own pool.
      DATABASE_POOL_SIZE: "15",
      ...env,
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const url = `http://127.0.0.1:${port}`;
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once("exit", () => resolve());
      child.kill("SIGTERM");
    });
  try {
    await waitUntilOk(`${url}/api/ready`, 60_000, () => child.exitCode === null);
  } catch (error) {
    await stop();
    throw error;
  }
  const request = async (method: string, route: string, body: unknown, headers: Record<string, string>) => {
    const res = await fetch(url + route, {
      method,
      headers: body === undefined ? headers : { "content-type": "application/json", ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { statusCode: res.status, headers: res.headers, json: () => JSON.parse(text) as unknown, text: () => text };
  };
  return {
    url,
    get: (route, headers = {}) => request("GET", route, undefined, headers),
    post: (route, body, headers = {}) => request("POST", route, body, headers),
    stop,
  };
}
