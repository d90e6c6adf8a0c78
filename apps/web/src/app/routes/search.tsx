import { useState } from "react";
import { useLocation, useNavigate, useSearchParams } from "react-router";
import { RADIUS_KM } from "@tavolo/shared/constants";
import { useSettled } from "../../lib/use-settled";
import { paths } from "../../config/paths";
import { GeolocationProvider } from "../../lib/use-geolocation";
import { useSession } from "../../features/auth/session/session-context";
import { hereOf } from "../../features/auth/session/route-guards";
import { LastMinuteSection } from "../../features/offers/components/last-minute-section";
import { parseCategory } from "../../features/restaurants/components/cuisine-options";
import { SearchPage } from "../../features/restaurants/components/search-page";

/** /search: the Last Minute offers of the searched city (or around the diner) above its restaurants. */
export default function SearchRoute() {
  const [params] = useSearchParams();
  const { showSignedIn } = useSession();
  const navigate = useNavigate();
  const here = useLocation();
  const city = (params.get("location") ?? "").trim();
  const category = parseCategory(params.get("category"));
  const toLogin = () => void navigate(paths.login({ next: hereOf(here) }));
  // One radius for the page (decision 055): the offers' slider also reaches the restaurants around.
  const [radius, setRadius] = useState<number>(RADIUS_KM.default);
  const settledRadius = useSettled(radius, 350);
  // One position for the page: turned on in the offers block, it also lists the restaurants around.
  return (
    <GeolocationProvider>
      <SearchPage
        nearRadiusKm={settledRadius}
        offersSlot={
          <LastMinuteSection
            city={city}
            category={category}
            signedIn={showSignedIn}
            onLoginRequired={toLogin}
            radius={radius}
            onRadiusChange={setRadius}
          />
        }
      />
    </GeolocationProvider>
  );
}

// Server rendering (decision 027): the loader fills the query cache this page reads.
export { searchLoader as loader } from "../page-loaders";
