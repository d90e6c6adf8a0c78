import { parseArgs } from "node:util";
import { loadConfig } from "../config";
import { seed } from "../catalog/seed/seed";
import { createOfferAnnouncer } from "../modules/offers/offer-alerts";
import { createCliMailer } from "./cli-mailer";
import { openConfiguredDatabase } from "./open-configured-database";

/** `npm run db:seed [-- --restaurants 50000]`: (re)writes the demo catalogue; ids are stable, so it is repeatable. */
const { values } = parseArgs({ options: { restaurants: { type: "string" } } });
const restaurants = values.restaurants ? Number(values.restaurants) : loadConfig().seedRestaurants;
if (!Number.isInteger(restaurants) || restaurants < 0) {
  console.error("--restaurants takes a whole number");
  process.exit(2);
}
const database = await openConfiguredDatabase();
const started = Date.now();
const { mailer, push, appOrigin, unsubscribeSecret } = createCliMailer(database);
const report = await seed(database.db, {
  restaurants,
  announce: createOfferAnnouncer({ db: database.db, mailer, push, appOrigin, unsubscribeSecret }),
});
console.log(
  `Seeded ${report.cities} cities, ${report.restaurants} restaurants, ${report.tables} tables, ` +
    `${report.offers} Last Minute offers in ${Date.now() - started} ms.`,
);
await mailer.close();
await push.close();
await database.close();
