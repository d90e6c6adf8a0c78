import { loadConfig } from "../config";
import { openDatabase, type Database } from "../db/database";
import { migrate } from "../db/migrate";

/** The database the server would use (same environment), migrated, for the command-line tools. */
export async function openConfiguredDatabase(): Promise<Database> {
  const config = loadConfig();
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    poolSize: 4,
    preparedStatements: config.databasePreparedStatements,
  });
  const applied = await migrate(database);
  if (applied.length > 0) console.log(`Applied migrations: ${applied.join(", ")}`);
  return database;
}
