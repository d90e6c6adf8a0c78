import { SearchPage } from "../../features/restaurants/components/search-page";

// The offers issue passes its Last Minute section as `offersSlot`.
export default function SearchRoute() {
  return <SearchPage />;
}
