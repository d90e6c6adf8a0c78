import { useTranslation } from "react-i18next";
import { useDocumentTitle } from "../../../lib/use-document-title";
import { BellIcon } from "../../../components/ui/icons";
import { Card, Page } from "../../../components/ui/page";
import { NotificationSettingsForm } from "./notification-settings-form";

/** /notifications: the notification settings, saved per user (DESIGN §1). */
export function NotificationsPage({ userId }: { userId: string }) {
  const { t } = useTranslation();
  useDocumentTitle(t("notifications.title"));
  return (
    <Page title={t("notifications.title")} lead={t("notifications.subtitle")} icon={<BellIcon size={24} />}>
      <Card>
        <NotificationSettingsForm userId={userId} />
      </Card>
    </Page>
  );
}
