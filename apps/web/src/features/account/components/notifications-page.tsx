import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useDocumentTitle } from "../../../lib/use-document-title";
import { BellIcon } from "../../../components/ui/icons";
import { Card, Page } from "../../../components/ui/page";
import { NotificationSettingsForm } from "./notification-settings-form";

/**
 * /notifications: the notification settings, saved per user (DESIGN §1). `children` are further
 * cards the route composes from other features (the Last Minute city alerts).
 */
export function NotificationsPage({ userId, children }: { userId: string; children?: ReactNode }) {
  const { t } = useTranslation();
  useDocumentTitle(t("notifications.title"));
  return (
    <Page title={t("notifications.title")} lead={t("notifications.subtitle")} icon={<BellIcon size={24} />}>
      <Card>
        <NotificationSettingsForm userId={userId} />
      </Card>
      {children}
    </Page>
  );
}
