import { benchSearch } from "./api/search.bench";
import { benchReservations } from "./api/reservations.bench";
import { benchOffers } from "./api/offers.bench";

/** `npm run bench`: every benchmark, one report. */
await benchSearch();
await benchReservations();
await benchOffers();
