import { useSession } from "../../features/auth/session/session-context";
import { FavoritesPage } from "../../features/favorites/components/favorites-page";
import { RestaurantCard } from "../../features/restaurants/components/restaurant-card";

/** Favorites drawn with the restaurants' own card (and its heart, to remove one). */
export default function FavoritesRoute() {
  const { user } = useSession();
  if (!user) return null;
  return (
    <FavoritesPage
      userId={user.id}
      renderRestaurant={(restaurant, index) => <RestaurantCard restaurant={restaurant} eager={index < 3} />}
    />
  );
}
