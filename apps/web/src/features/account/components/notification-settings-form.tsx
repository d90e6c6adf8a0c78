import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { NotificationSettings } from "@tavolo/shared/account";
import { errorMessage } from "../../../lib/api-client";
import { Alert } from "../../../components/ui/alert";
import { LoadingRegion, Skeleton } from "../../../components/ui/spinner";
import { useNotificationSettings, useSaveNotificationSettings } from "../api/notification-settings";
import { PushSettings } from "./push-settings";
import { SwitchRow } from "./switch-row";
import styles from "./settings-forms.module.css";

/**
 * SPEC §3 notification settings, saved as they are switched (the two filters need the first).
 * The same block serves /settings and /notifications.
 */
export function NotificationSettingsForm({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const settings = useNotificationSettings(userId);
  const save = useSaveNotificationSettings(userId);
  // The switch follows the click in the same frame; the cache (and a rollback) takes over once saved.
  const [draft, setDraft] = useState<NotificationSettings | null>(null);

  if (settings.isPending) {
    return (
      <LoadingRegion className={styles.switchSkeleton}>
        <Skeleton height={56} />
        <Skeleton height={56} />
        <Skeleton height={56} />
      </LoadingRegion>
    );
  }
  if (settings.isError) {
    return <Alert>{errorMessage(settings.error, t("notifications.loadError"))}</Alert>;
  }
  const current = draft ?? settings.data;
  const change = (patch: Partial<NotificationSettings>) => {
    const next = { ...current, ...patch };
    setDraft(next);
    save.mutate(next, { onSettled: () => setDraft(null) });
  };
  return (
    <div>
      <SwitchRow
        label={t("notifications.enabled")}
        hint={t("notifications.enabledHint")}
        checked={current.enabled}
        onChange={(enabled) => change({ enabled })}
      />
      <SwitchRow
        label={t("notifications.favoriteRestaurants")}
        hint={t("notifications.favoriteRestaurantsHint")}
        checked={current.favoriteRestaurants}
        disabled={!current.enabled}
        onChange={(favoriteRestaurants) => change({ favoriteRestaurants })}
      />
      <SwitchRow
        label={t("notifications.weekendsOnly")}
        hint={t("notifications.weekendsOnlyHint")}
        checked={current.weekendsOnly}
        disabled={!current.enabled}
        onChange={(weekendsOnly) => change({ weekendsOnly })}
      />
      <PushSettings settings={current} change={change} />
      <p className={styles.saveState} role="status">
        {save.isPending ? t("notifications.saving") : save.isSuccess ? t("notifications.saved") : ""}
      </p>
      {save.isError ? <Alert>{errorMessage(save.error, t("notifications.saveError"))}</Alert> : null}
    </div>
  );
}
