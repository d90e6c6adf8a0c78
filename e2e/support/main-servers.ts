/**
 * The main servers of the e2e suite (decision 071): one per Playwright worker, each with its own
 * embedded database and its own Google stand-in, so one worker's bookings never take a table the
 * other's journey found free. The config starts them; a test reaches its worker's through
 * `mainServerOf(testInfo.parallelIndex)`.
 */
export interface MainServer {
  /** The app's origin. */
  url: string;
  /** The Google stand-in's control endpoint (start-with-google-mock.mjs). */
  googleControlUrl: string;
}

export interface MainServerPorts {
  app: number;
  google: number;
  googleControl: number;
}

const SERVERS_ENV = "E2E_MAIN_SERVERS";

/**
 * The ports of `count` main servers, slot 0 on `firstPort` and each next slot ten ports below, and
 * their addresses published to the test workers, which load the config again and inherit its env.
 */
export function planMainServers(count: number, firstPort: number): MainServerPorts[] {
  const ports = Array.from({ length: count }, (_, slot) => {
    const app = firstPort - 10 * slot;
    return { app, google: app - 1, googleControl: app - 2 };
  });
  const servers: MainServer[] = ports.map(({ app, googleControl }) => ({
    url: `http://127.0.0.1:${app}`,
    googleControlUrl: `http://127.0.0.1:${googleControl}`,
  }));
  process.env[SERVERS_ENV] = JSON.stringify(servers);
  return ports;
}

/** The main server of the worker slot `parallelIndex`. */
export function mainServerOf(parallelIndex: number): MainServer {
  const servers = JSON.parse(process.env[SERVERS_ENV] ?? "[]") as MainServer[];
  const server = servers[parallelIndex];
  if (!server)
    throw new Error(`no e2e main server for worker slot ${parallelIndex} (${SERVERS_ENV} is unset or short)`);
  return server;
}
