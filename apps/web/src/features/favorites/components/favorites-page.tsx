import { useTranslation } from "react-i18next";
import { paths } from "../../../config/paths";
import { useDocumentTitle } from "../../../lib/use-document-title";
import { ButtonLink } from "../../../components/ui/button";
import { EmptyState } from "../../../components/ui/empty-state";
import { HeartIcon, SearchIcon } from "../../../components/ui/icons";
import { Card, Page } from "../../../components/ui/page";

/** The spec's favorites screen: an empty list with a prompt to go and find restaurants. */
export function FavoritesPage() {
  const { t } = useTranslation();
  useDocumentTitle(t("favorites.title"));
  return (
    <Page title={t("favorites.title")} lead={t("favorites.subtitle")} icon={<HeartIcon size={24} />}>
      <Card>
        <EmptyState
          title={t("favorites.emptyTitle")}
          text={t("favorites.emptyText")}
          action={
            <ButtonLink to={paths.search()} icon={<SearchIcon size={18} />}>
              {t("favorites.findRestaurants")}
            </ButtonLink>
          }
        />
      </Card>
    </Page>
  );
}
