import { useTranslation } from "react-i18next";
import type { NotificationSettings } from "@tavolo/shared/account";
import { errorMessage } from "../../../lib/api-client";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { pushSupported, usePushDevice, usePushPublicKey, useSwitchPushDevice } from "../api/push-device";
import { SwitchRow } from "./switch-row";
import styles from "./settings-forms.module.css";

const KINDS = [
  ["pushHolds", "holds"],
  ["pushReminders", "reminders"],
  ["pushBookings", "bookings"],
  ["pushAlerts", "alerts"],
] as const;

/**
 * Push notifications beside the e-mail settings (decision 045): this device's switch (asking the
 * browser's permission only on the tap) and which kinds are pushed. Hidden when the server has
 * push off; says so when the browser cannot receive it.
 */
export function PushSettings({
  settings,
  change,
}: {
  settings: NotificationSettings;
  change: (patch: Partial<NotificationSettings>) => void;
}) {
  const { t } = useTranslation();
  const supported = pushSupported();
  // Asked only where a browser could subscribe: elsewhere the switches still serve the diner's other devices.
  const publicKey = usePushPublicKey(supported);
  const device = usePushDevice(supported && Boolean(publicKey.data));
  const toggle = useSwitchPushDevice(publicKey.data);
  if (supported && (publicKey.data === null || publicKey.isPending)) return null;

  const subscribed = device.data?.subscribed === true;
  const denied = device.data?.permission === "denied";
  return (
    <section aria-labelledby="push-settings-title">
      <h2 id="push-settings-title" className={styles.sectionTitle}>
        {t("notifications.push.title")}
      </h2>
      <p className={styles.hint}>{t("notifications.push.hint")}</p>
      {!supported ? (
        <Alert tone="info">{t("notifications.push.unsupported")}</Alert>
      ) : denied ? (
        <Alert tone="warning">{t("notifications.push.denied")}</Alert>
      ) : (
        <p>
          {subscribed ? <span role="status">{t("notifications.push.on")} </span> : null}
          <Button
            variant={subscribed ? "outline" : "primary"}
            onClick={() => toggle.mutate(!subscribed)}
            loading={toggle.isPending}
          >
            {subscribed ? t("notifications.push.disable") : t("notifications.push.enable")}
          </Button>
        </p>
      )}
      {toggle.isError ? <Alert>{errorMessage(toggle.error, t("notifications.push.error"))}</Alert> : null}
      {KINDS.map(([field, name]) => (
        <SwitchRow
          key={field}
          label={t(`notifications.push.${name}`)}
          hint={t(`notifications.push.${name}Hint`)}
          checked={settings[field]}
          onChange={(on) => change({ [field]: on })}
        />
      ))}
    </section>
  );
}
