import { FavoritesPage } from "../../features/favorites/components/favorites-page";

export default function FavoritesRoute() {
  return <FavoritesPage />;
}
