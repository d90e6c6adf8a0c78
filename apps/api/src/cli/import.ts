import { readFile } from "node:fs/promises";
import { importCatalog } from "../catalog/import/catalog-import";
import { createOfferAnnouncer } from "../modules/offers/offer-alerts";
import { loadConfig } from "../config";
import { broadcastInvalidation, PUBLIC_CACHES } from "../http/cache-invalidation";
import { createCliMailer } from "./cli-mailer";
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
// Running API processes drop their cached catalogue and offer lists (with REDIS_URL; else within the TTL).
const redisUrl = loadConfig().redisUrl;
if (result.ok && redisUrl) {
  await broadcastInvalidation(redisUrl, [PUBLIC_CACHES.catalogue, PUBLIC_CACHES.availability]).catch((error: unknown) =>
    console.error(`The import stands, but the API caches were not told: ${(error as Error).message}`),
  );
}
// New offers are announced to the diners waiting for their city (after the import has committed).
let alerts = 0;
if (result.ok && result.newOfferIds.length > 0) {
  const { mailer, push, appOrigin, unsubscribeSecret } = createCliMailer(database);
  try {
    alerts = await createOfferAnnouncer({ db: database.db, mailer, push, appOrigin, unsubscribeSecret })(
      result.newOfferIds,
    );
  } catch (error) {
    console.error(`The import stands, but the offer alerts failed: ${(error as Error).message}`);
  }
  await mailer.close();
  await push.close();
}
await database.close();
if (!result.ok) {
  console.error(`Nothing imported: ${result.problems.length} problem(s) in ${file}`);
  for (const problem of result.problems.slice(0, 50)) console.error(`  ${problem.where}: ${problem.message}`);
  process.exit(1);
}
console.log(
  `Imported ${result.cities} cities, ${result.restaurants} restaurants, ${result.tables} tables, ${result.offers} offers` +
    ` (${result.newOfferIds.length} new; ${alerts} alert e-mail(s) sent).`,
);
