import { readFile } from "node:fs/promises";
import { importCatalog } from "../import/catalog-import";
import { openConfiguredDatabase } from "./open-configured-database";

/** `npm run db:import FILE.json`: all records or none; problems name the record and the field. */
const file = process.argv[2];
if (!file) {
  console.error("Usage: npm run db:import FILE.json");
  process.exit(2);
}
let input: unknown;
try {
  input = JSON.parse(await readFile(file, "utf8"));
} catch (error) {
  console.error(`Cannot read ${file} as JSON: ${(error as Error).message}`);
  process.exit(2);
}
const database = await openConfiguredDatabase();
const result = await importCatalog(database.db, input);
await database.close();
if (!result.ok) {
  console.error(`Nothing imported: ${result.problems.length} problem(s) in ${file}`);
  for (const problem of result.problems.slice(0, 50)) console.error(`  ${problem.where}: ${problem.message}`);
  process.exit(1);
}
console.log(`Imported ${result.cities} cities, ${result.restaurants} restaurants, ${result.tables} tables.`);
