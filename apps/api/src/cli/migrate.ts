import { openConfiguredDatabase } from "./open-configured-database";

const database = await openConfiguredDatabase();
console.log("Database is up to date.");
await database.close();
