import { ConfigError, loadConfig, type AppConfig } from "./config";
import { openDatabase } from "./db/database";
import { migrate } from "./db/migrate";
import { refreshDemoOffers, seedIfEmpty } from "./catalog/seed/seed";
import { buildApp } from "./app";
import { flushSpans } from "./telemetry/spans";

/** The server (loaded by server.ts): open and prepare the database, listen, shut down gracefully on signals. */
const config = loadConfigOrExit();
const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  dataDir: config.dataDir,
  poolSize: config.databasePoolSize,
  preparedStatements: config.databasePreparedStatements,
});
await migrate(database);
const catalogueReplica = config.databaseReadUrl
  ? await openDatabase({
      databaseUrl: config.databaseReadUrl,
      poolSize: config.databasePoolSize,
      preparedStatements: config.databasePreparedStatements,
    })
  : undefined;
const app = await buildApp(config, { database, catalogueReplica });
const seeded = await seedIfEmpty(database, { restaurants: config.seedRestaurants, announce: app.announceOffers });
if (seeded) app.log.info(seeded, "seeded an empty database");
else {
  const refreshed = await refreshDemoOffers(database.db, { announce: app.announceOffers });
  if (refreshed > 0) app.log.info({ offers: refreshed }, "renewed the demo Last Minute offers for today");
}

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, "shutting down");
  const force = setTimeout(() => process.exit(1), 10_000);
  force.unref();
  try {
    await app.close();
    await database.close();
    await catalogueReplica?.close();
    await flushSpans();
    process.exit(0);
  } catch (error) {
    app.log.error({ err: error }, "error during shutdown");
    process.exit(1);
  }
}
process.on("SIGTERM", () => void shutdown("SIGTERM"));
process.on("SIGINT", () => void shutdown("SIGINT"));

await app.listen({ port: config.port, host: config.host });
app.log.info(
  `Tavolo is serving ${config.appOrigin} (database: ${database.kind}${database.kind === "pglite" ? ` in ${config.dataDir}` : ""})`,
);

/** A refused configuration ends the process with its message alone (exit code 1), not a stack trace. */
function loadConfigOrExit(): AppConfig {
  try {
    return loadConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}
