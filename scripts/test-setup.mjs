// What `npm test` needs beyond node_modules, and setting it up when it can (decision 017): Debian's
// chromium and its headless shell (e2e, decision 078), redis-server (the scale-out suites start their own) and the local PostgreSQL
// cluster (the api-pg projects). As root with apt it installs and starts what is missing; otherwise
// it prints the exact command to run.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import pg from "pg";

const LOCAL_HOSTS = new Set(["127.0.0.1", "localhost", "::1", "[::1]"]);

/**
 * The set-up for the facts of this machine, decided without touching it.
 * @param {{ root: boolean, apt: boolean, chromium: boolean, chromiumPath: string, headlessShell: boolean,
 *   headlessShellPath: string, redis: boolean,
 *   postgres: "up" | "down", postgresLocal: boolean, postgresVersions: string[], databaseUrl: string,
 *   requireRedis: boolean }} facts
 * @returns {{ steps: { title: string, commands: string[][] }[], blockers: string[], notes: string[] }}
 *   steps to run now; blockers (a missing part no suite can do without: the command a person must
 *   run); notes (a part whose suites skip without it).
 */
export function planSetup(facts) {
  const steps = [];
  const blockers = [];
  const notes = [];
  const admin = facts.root && facts.apt;
  const sudo = facts.root ? "" : "sudo ";

  const packages = [
    ...(facts.chromium ? [] : ["chromium"]),
    ...(facts.headlessShell ? [] : ["chromium-headless-shell"]),
    ...(facts.redis ? [] : ["redis-server"]),
  ];
  if (packages.length > 0 && admin) {
    // One index update for every package, only when something is missing.
    steps.push({
      title: `install ${packages.join(" and ")} (apt)`,
      commands: [
        ["apt-get", "update", "-qq"],
        ["apt-get", "install", "-y", "-qq", ...packages],
      ],
    });
  } else if (packages.length > 0) {
    const command = facts.apt
      ? `${sudo}apt-get update && ${sudo}apt-get install -y ${packages.join(" ")}`
      : `install ${packages.join(" and ")} with this system's package manager`;
    if (!facts.chromium)
      blockers.push(`Chromium is missing (${facts.chromiumPath}): ${command} (or set CHROMIUM_PATH).`);
    if (!facts.headlessShell)
      blockers.push(
        `Chromium's headless shell is missing (${facts.headlessShellPath}): ${command} (or set CHROMIUM_HEADLESS_SHELL_PATH).`,
      );
    if (!facts.redis) {
      const message = `redis-server is missing, the scale-out suites need it: ${command}`;
      if (facts.requireRedis) blockers.push(`${message} (REQUIRE_REDIS=1).`);
      else notes.push(`${message}; they are skipped meanwhile.`);
    }
  }

  if (facts.postgres === "down") {
    const version = [...facts.postgresVersions].sort((a, b) => Number(b) - Number(a))[0];
    const start = version && ["pg_ctlcluster", "--skip-systemctl-redirect", version, "main", "start"];
    if (!facts.postgresLocal) {
      blockers.push(`PostgreSQL is not reachable at ${facts.databaseUrl}: start that server or set TEST_DATABASE_URL.`);
    } else if (start && facts.root) {
      steps.push({ title: `start the local PostgreSQL ${version} cluster`, commands: [start] });
    } else if (start) {
      blockers.push(
        `PostgreSQL is not reachable at ${facts.databaseUrl}: ${sudo}${start.join(" ")} (or set TEST_DATABASE_URL).`,
      );
    } else {
      const install = facts.apt ? `${sudo}apt-get install -y postgresql, then ` : "install PostgreSQL, then ";
      blockers.push(
        `PostgreSQL is not reachable at ${facts.databaseUrl} and not installed: ${install}${sudo}pg_ctlcluster --skip-systemctl-redirect <version> main start (or set TEST_DATABASE_URL).`,
      );
    }
  }
  return { steps, blockers, notes };
}

export async function postgresReachable(url) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3_000 });
  try {
    await client.connect();
    await client.query("SELECT 1");
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

const onPath = (command) => spawnSync("sh", ["-c", `command -v ${command}`], { stdio: "ignore" }).status === 0;

/** The facts planSetup decides on, read from this machine and the environment. */
export async function machineFacts(env, databaseUrl) {
  const chromiumPath = env.CHROMIUM_PATH ?? "/usr/bin/chromium";
  const headlessShellPath = env.CHROMIUM_HEADLESS_SHELL_PATH ?? "/usr/bin/chromium-headless-shell";
  const host = new URL(databaseUrl).hostname;
  return {
    root: process.getuid?.() === 0,
    apt: onPath("apt-get"),
    chromium: existsSync(chromiumPath),
    chromiumPath,
    headlessShell: existsSync(headlessShellPath),
    headlessShellPath,
    redis: onPath("redis-server"),
    postgres: (await postgresReachable(databaseUrl)) ? "up" : "down",
    postgresLocal: LOCAL_HOSTS.has(host),
    // Debian's clusters: /etc/postgresql/<version>/main.
    postgresVersions: existsSync("/etc/postgresql")
      ? readdirSync("/etc/postgresql").filter((version) => existsSync(`/etc/postgresql/${version}/main`))
      : [],
    databaseUrl,
    requireRedis: env.REQUIRE_REDIS === "1",
  };
}

/**
 * Plans and, unless `dryRun`, runs the set-up; exits the process with the commands to run when a
 * part is still missing. Returns when every suite can run.
 */
export async function prepareMachine({ env, databaseUrl, dryRun }) {
  const plan = planSetup(await machineFacts(env, databaseUrl));
  for (const note of plan.notes) console.warn(`Note: ${note}`);
  if (dryRun) {
    for (const step of plan.steps)
      console.log(`Would ${step.title}: ${step.commands.map((c) => c.join(" ")).join(" && ")}`);
    for (const blocker of plan.blockers) console.log(`Would stop: ${blocker}`);
    if (plan.steps.length + plan.blockers.length === 0) console.log("Nothing to set up.");
    process.exit(0);
  }
  if (plan.blockers.length > 0) {
    console.error(plan.blockers.join("\n"));
    process.exit(1);
  }
  for (const step of plan.steps) {
    console.log(`\n▶ set-up: ${step.title}`);
    for (const [command, ...args] of step.commands) {
      const result = spawnSync(command, args, {
        stdio: "inherit",
        env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
      });
      if (result.status !== 0) {
        console.error(`Set-up failed: ${command} ${args.join(" ")}`);
        process.exit(result.status ?? 1);
      }
    }
  }
  if (plan.steps.length > 0) await checkAfterSetup(env, databaseUrl);
}

/** The cluster takes a moment to accept connections after pg_ctlcluster returns. */
async function checkAfterSetup(env, databaseUrl) {
  for (let attempt = 0; attempt < 30 && !(await postgresReachable(databaseUrl)); attempt++) {
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
  const after = planSetup(await machineFacts(env, databaseUrl));
  if (after.steps.length + after.blockers.length > 0) {
    console.error(
      `Set-up did not take:\n${[...after.blockers, ...after.steps.map((step) => `still to ${step.title}`)].join("\n")}`,
    );
    process.exit(1);
  }
}
