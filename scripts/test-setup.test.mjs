import { describe, expect, it } from "vitest";
import { planSetup } from "./test-setup.mjs";

/** A machine with everything: each test takes one part away. */
const ready = {
  root: true,
  apt: true,
  chromium: true,
  chromiumPath: "/usr/bin/chromium",
  headlessShell: true,
  headlessShellPath: "/usr/bin/chromium-headless-shell",
  redis: true,
  postgres: "up",
  postgresLocal: true,
  postgresVersions: ["15"],
  databaseUrl: "postgres://postgres@127.0.0.1:5432/postgres",
  requireRedis: false,
};

const commandsOf = (plan) => plan.steps.flatMap((step) => step.commands.map((command) => command.join(" ")));

describe("npm test's machine set-up", () => {
  it("does nothing on a ready machine", () => {
    expect(planSetup(ready)).toEqual({ steps: [], blockers: [], notes: [] });
  });

  it("as root with apt, installs chromium, its headless shell and redis-server after one index update", () => {
    const plan = planSetup({ ...ready, chromium: false, headlessShell: false, redis: false });
    expect(commandsOf(plan)).toEqual([
      "apt-get update -qq",
      "apt-get install -y -qq chromium chromium-headless-shell redis-server",
    ]);
    expect(plan.blockers).toEqual([]);
    expect(commandsOf(planSetup({ ...ready, redis: false }))).toEqual([
      "apt-get update -qq",
      "apt-get install -y -qq redis-server",
    ]);
  });

  it("as root, starts the installed local cluster that is down (the newest version)", () => {
    const plan = planSetup({ ...ready, postgres: "down", postgresVersions: ["9", "15", "13"] });
    expect(commandsOf(plan)).toEqual(["pg_ctlcluster --skip-systemctl-redirect 15 main start"]);
  });

  it("otherwise stops with the exact command to run", () => {
    const user = { ...ready, root: false };
    expect(planSetup({ ...user, chromium: false }).blockers).toEqual([
      "Chromium is missing (/usr/bin/chromium): sudo apt-get update && sudo apt-get install -y chromium (or set CHROMIUM_PATH).",
    ]);
    expect(planSetup({ ...user, headlessShell: false }).blockers).toEqual([
      "Chromium's headless shell is missing (/usr/bin/chromium-headless-shell): sudo apt-get update && sudo apt-get install -y chromium-headless-shell (or set CHROMIUM_HEADLESS_SHELL_PATH).",
    ]);
    expect(planSetup({ ...user, postgres: "down" }).blockers).toEqual([
      "PostgreSQL is not reachable at postgres://postgres@127.0.0.1:5432/postgres: sudo pg_ctlcluster --skip-systemctl-redirect 15 main start (or set TEST_DATABASE_URL).",
    ]);
    const noApt = planSetup({ ...ready, apt: false, chromium: false });
    expect(noApt.steps).toEqual([]);
    expect(noApt.blockers[0]).toContain("install chromium with this system's package manager");
  });

  it("starts nothing for a remote or uninstalled server: it names what to do", () => {
    const remote = planSetup({
      ...ready,
      postgres: "down",
      postgresLocal: false,
      databaseUrl: "postgres://db.example/x",
    });
    expect(remote.steps).toEqual([]);
    expect(remote.blockers).toEqual([
      "PostgreSQL is not reachable at postgres://db.example/x: start that server or set TEST_DATABASE_URL.",
    ]);
    const absent = planSetup({ ...ready, postgres: "down", postgresVersions: [] });
    expect(absent.steps).toEqual([]);
    expect(absent.blockers[0]).toContain("apt-get install -y postgresql, then pg_ctlcluster --skip-systemctl-redirect");
  });

  it("lets the scale-out suites skip without redis-server, unless REQUIRE_REDIS=1", () => {
    const user = { ...ready, root: false, redis: false };
    expect(planSetup(user).blockers).toEqual([]);
    expect(planSetup(user).notes[0]).toContain("sudo apt-get install -y redis-server");
    expect(planSetup({ ...user, requireRedis: true }).blockers[0]).toContain("REQUIRE_REDIS=1");
  });
});
