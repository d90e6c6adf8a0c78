// The app's routes are declared with the API, which writes them into e-mails, heads and robots.txt.
export { OFFER_PRODUCT, paths, routePatterns, sameOriginPath, type ReservationQuery } from "@tavolo/shared/app-paths";
