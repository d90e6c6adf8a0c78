import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useDocumentTitle } from "../../../lib/use-document-title";
import { BellIcon } from "../../../components/ui/icons";
import { Card, Page } from "../../../components/ui/page";
import { SwitchRow } from "./switch-row";

/** SPEC §3 notification settings: enabled, favoriteRestaurants, weekendsOnly (the two last need the first). */
export function NotificationsPage() {
  const { t } = useTranslation();
  useDocumentTitle(t("notifications.title"));
  const [settings, setSettings] = useState({ enabled: false, favoriteRestaurants: true, weekendsOnly: false });
  return (
    <Page title={t("notifications.title")} lead={t("notifications.subtitle")} icon={<BellIcon size={24} />}>
      <Card>
        <SwitchRow
          label={t("notifications.enabled")}
          hint={t("notifications.enabledHint")}
          checked={settings.enabled}
          onChange={(enabled) => setSettings({ ...settings, enabled })}
        />
        <SwitchRow
          label={t("notifications.favoriteRestaurants")}
          hint={t("notifications.favoriteRestaurantsHint")}
          checked={settings.favoriteRestaurants}
          disabled={!settings.enabled}
          onChange={(favoriteRestaurants) => setSettings({ ...settings, favoriteRestaurants })}
        />
        <SwitchRow
          label={t("notifications.weekendsOnly")}
          hint={t("notifications.weekendsOnlyHint")}
          checked={settings.weekendsOnly}
          disabled={!settings.enabled}
          onChange={(weekendsOnly) => setSettings({ ...settings, weekendsOnly })}
        />
      </Card>
    </Page>
  );
}
