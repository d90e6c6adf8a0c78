/**
 * The e2e suite's one Playwright webServer (decision 078): starts every server of the run at once,
 * and opens its own address, which Playwright waits for, only once each of them answers /api/ready.
 * As separate webServer entries they started one after another, ~12 s each on a loaded machine.
 *
 * Run with `node --import tsx`: it waits through the API suites' `waitUntilOk`. E2E_SERVERS: the
 * servers, `[{ name, command, env, readyUrl }]`; E2E_SERVERS_READY_PORT: the port opened when all
 * are ready; E2E_SERVERS_START_MS: how long each may take. A server that exits before it is ready
 * ends this process with its code, so the run fails at once with the server's own error. Playwright
 * stops the whole process group.
 */
import { spawn } from "node:child_process";
import { createServer } from "node:http";
import { waitUntilOk } from "../../apps/api/test/free-port.ts";

const servers = JSON.parse(process.env.E2E_SERVERS ?? "[]");
const readyPort = Number(process.env.E2E_SERVERS_READY_PORT);
/** As long as Playwright's own wait for this process (E2E_SERVERS_START_MS, playwright.config.ts). */
const READY_WITHIN_MS = Number(process.env.E2E_SERVERS_START_MS ?? 120_000);

const children = servers.map(({ name, command, env }) => {
  const child = spawn(command, {
    shell: true,
    cwd: process.cwd(),
    stdio: ["ignore", "ignore", "inherit"],
    env: { ...process.env, ...env },
  });
  child.on("exit", (code, signal) => {
    console.error(`e2e server "${name}" exited (${signal ?? code})`);
    process.exit(code || 1);
  });
  return child;
});

for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => {
    for (const child of children) child.kill(signal);
  });
}

await Promise.all(servers.map(({ readyUrl }) => waitUntilOk(readyUrl, READY_WITHIN_MS)));
createServer((_request, response) => response.end("ready")).listen(readyPort, "127.0.0.1");
