import { benchSearch } from "./api/search.bench";
import { benchReservations } from "./api/reservations.bench";

/** `npm run bench`: every benchmark, one report. */
await benchSearch();
await benchReservations();
