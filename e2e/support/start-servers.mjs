/**
 * The e2e suite's one Playwright webServer (decision 078): starts every server of the run at once,
 * and opens its own address, which Playwright waits for, only once each of them answers /api/ready.
 * As separate webServer entries they started one after another, ~12 s each on a loaded machine.
 *
 * E2E_SERVERS: the servers, `[{ name, command, env, readyUrl }]`; E2E_SERVERS_READY_PORT: the port
 * opened when all are ready. A server that exits before it is ready ends this process with its code,
 * so the run fails at once with the server's own error. Playwright stops the whole process group.
 */
import { spawn } from "node:child_process";
import { createServer } from "node:http";

const servers = JSON.parse(process.env.E2E_SERVERS ?? "[]");
const readyPort = Number(process.env.E2E_SERVERS_READY_PORT);
const POLL_MS = 250;

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

const answers = async (url) => {
  try {
    return (await fetch(url)).ok;
  } catch {
    return false;
  }
};

await Promise.all(
  servers.map(async ({ readyUrl }) => {
    while (!(await answers(readyUrl))) await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }),
);
createServer((_request, response) => response.end("ready")).listen(readyPort, "127.0.0.1");
