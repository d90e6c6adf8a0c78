import { lazy, Suspense } from "react";
import { useNavigate } from "react-router";
import { useTranslation } from "react-i18next";
import { paths } from "../../config/paths";
import { ALL_CATEGORIES } from "@tavolo/shared/categories";
import { useDocumentTitle } from "../../lib/use-document-title";
import { ButtonLink } from "../../components/ui/button";
import { useSession } from "../../features/auth/session/session-context";
import { Hero } from "../../features/home/components/hero";
import { HomeSection } from "../../features/home/components/home-section";
import { HowItWorks } from "../../features/home/components/how-it-works";
import { PartnerBand } from "../../features/home/components/partner-band";
import { BookingHistoryGridSkeleton } from "../../features/reservations/components/booking-history-grid-skeleton";
import { CitySearchForm } from "../../features/restaurants/components/city-search-form";
import { PopularCities } from "../../features/restaurants/components/popular-cities";
import { HeldTables } from "../held-tables";
import { RouteNotice } from "../route-notice";
import { withRestOfMessages } from "../../i18n/i18n";

// Signed-in only, and it brings the reservation cards and their forms (zod among them): a visitor's
// home page does not download it (decision 012).
const BookingHistoryGrid = lazy(() =>
  withRestOfMessages(import("../../features/reservations/components/booking-history-grid")).then((module) => ({
    default: module.BookingHistoryGrid,
  })),
);

export default function HomeRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { status, user } = useSession();
  useDocumentTitle(t("home.title"));
  return (
    <>
      <RouteNotice />
      <HeldTables />
      <Hero>
        <CitySearchForm
          layout="hero"
          withCategory
          onSearch={({ location, category }) =>
            void navigate(paths.search({ location, category: category === ALL_CATEGORIES ? undefined : category }))
          }
        />
      </Hero>
      {status === "signedIn" && user ? (
        <HomeSection
          id="history-title"
          title={t("home.historyTitle")}
          subtitle={t("home.historySubtitle")}
          action={
            <ButtonLink to={paths.history()} variant="ghost" size="sm">
              {t("home.viewAll")}
            </ButtonLink>
          }
        >
          <Suspense fallback={<BookingHistoryGridSkeleton />}>
            <BookingHistoryGrid userId={user.id} />
          </Suspense>
        </HomeSection>
      ) : null}
      <HowItWorks />
      <HomeSection id="cities-title" title={t("home.citiesTitle")} subtitle={t("home.citiesSubtitle")} tone="tinted">
        <PopularCities />
      </HomeSection>
      <div style={{ height: "var(--space-10)" }} aria-hidden="true" />
      <PartnerBand />
    </>
  );
}

// Server rendering (decision 027): the loader fills the query cache this page reads.
export { homeLoader as loader } from "../page-loaders";
