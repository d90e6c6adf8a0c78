/**
 * Starts the real API (`npm run start -w @tavolo/api`) with `env` added, forwards Playwright's stop
 * signals to it, and exits with it after `stopPeers` (the OpenID stand-ins it was pointed at).
 */
import { spawn } from "node:child_process";

export function startApi(env, stopPeers) {
  const api = spawn("npm", ["run", "start", "-w", "@tavolo/api"], {
    stdio: "inherit",
    env: { ...process.env, ...env },
  });
  for (const signal of ["SIGINT", "SIGTERM"]) {
    process.on(signal, () => api.kill(signal));
  }
  api.on("exit", async (code, signal) => {
    await stopPeers().catch(() => {});
    process.exit(code ?? (signal ? 1 : 0));
  });
}
