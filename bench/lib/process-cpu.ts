import { readdirSync, readFileSync } from "node:fs";

/** Clock ticks per second of /proc's utime and stime (USER_HZ: 100 on Linux everywhere we run). */
const TICKS_PER_SECOND = 100;

/** CPU time (ms) a process has used so far, from /proc/<pid>/stat; undefined where there is no /proc. */
function cpuMsOf(pid: number | string): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // Fields after the command name, which may hold spaces and ends with ") ".
    const fields = stat.slice(stat.lastIndexOf(") ") + 2).split(" ");
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
  } catch {
    return undefined;
  }
}

/** CPU time (ms) used so far by each PostgreSQL process of this machine (its backends included). */
function postgresCpuByPid(): Map<string, number> | undefined {
  const used = new Map<string, number>();
  try {
    for (const pid of readdirSync("/proc")) {
      if (!/^\d+$/.test(pid)) continue;
      try {
        if (readFileSync(`/proc/${pid}/comm`, "utf8").trim() !== "postgres") continue;
      } catch {
        continue; // ended meanwhile
      }
      const ms = cpuMsOf(pid);
      if (ms !== undefined) used.set(pid, ms);
    }
  } catch {
    return undefined;
  }
  return used;
}

/**
 * What PostgreSQL's processes used between two readings, process by process: one that ended
 * meanwhile (the yardstick's pgbench backends) drops out instead of taking its whole past with it,
 * and one that started counts from zero.
 */
function postgresCpuSince(before: Map<string, number>, after: Map<string, number>): number {
  let total = 0;
  for (const [pid, ms] of after) total += ms - (before.get(pid) ?? 0);
  return total;
}

export interface CpuPerAnswer {
  apiMs: number;
  postgresMs: number | undefined;
}

/**
 * Runs `load` and divides the CPU the API process (and PostgreSQL, on that engine) used meanwhile by
 * the answers it gave. Unlike a ratio to hello world, this stays put when the machine's speed moves
 * (decision 069); it is undefined where /proc cannot be read.
 */
export async function withCpuPerAnswer<T extends { answers: number }>(
  apiPid: number | undefined,
  withPostgres: boolean,
  load: () => Promise<T>,
): Promise<T & { cpu?: CpuPerAnswer }> {
  const apiBefore = apiPid === undefined ? undefined : cpuMsOf(apiPid);
  const postgresBefore = withPostgres ? postgresCpuByPid() : undefined;
  const result = await load();
  const apiAfter = apiPid === undefined ? undefined : cpuMsOf(apiPid);
  const postgresAfter = withPostgres ? postgresCpuByPid() : undefined;
  if (apiBefore === undefined || apiAfter === undefined || result.answers === 0) return result;
  const postgresMs =
    postgresBefore === undefined || postgresAfter === undefined
      ? undefined
      : postgresCpuSince(postgresBefore, postgresAfter) / result.answers;
  return { ...result, cpu: { apiMs: (apiAfter - apiBefore) / result.answers, postgresMs } };
}

/** "CPU per answer: API 0.42 ms, PostgreSQL 0.17 ms", or nothing where it was not measured. */
export function cpuText(cpu: CpuPerAnswer | undefined): string {
  if (!cpu) return "";
  const postgres = cpu.postgresMs === undefined ? "" : `, PostgreSQL ${cpu.postgresMs.toFixed(2)} ms`;
  return `  CPU per answer: API ${cpu.apiMs.toFixed(2)} ms${postgres}`;
}
