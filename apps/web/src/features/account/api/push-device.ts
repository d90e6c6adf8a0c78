import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { RouteBody } from "@tavolo/shared/api-routes";
import { ApiError } from "../../../lib/api-client";
import { useApiClient } from "../../../lib/api-client-context";

/** Web Push in this browser (decision 045): the service worker's PushManager and the Notification API. */
export const pushSupported = () =>
  typeof window !== "undefined" &&
  "serviceWorker" in navigator &&
  "PushManager" in window &&
  "Notification" in window &&
  window.Capacitor?.isNativePlatform?.() !== true;

/**
 * GET /client/push/public-key: the VAPID key, or null when push is off on this server (404), so the
 * page hides the device switch. Fixed for the server's life: fetched once.
 */
export function usePushPublicKey(enabled: boolean) {
  const api = useApiClient();
  return useQuery({
    queryKey: ["push-public-key"],
    queryFn: async ({ signal }) => {
      try {
        const answer = await api.get("/client/push/public-key", { signal });
        return answer.publicKey;
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
    enabled,
    staleTime: Infinity,
  });
}

const deviceKey = ["push-device"] as const;

/** This browser's current subscription, if any (none until the service worker is registered). */
export function usePushDevice(enabled: boolean) {
  return useQuery({
    queryKey: deviceKey,
    queryFn: async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      const subscription = await registration?.pushManager.getSubscription();
      return { subscribed: Boolean(subscription), permission: Notification.permission };
    },
    enabled,
  });
}

const fromBase64Url = (text: string) => {
  const raw = atob(text.replaceAll("-", "+").replaceAll("_", "/"));
  return Uint8Array.from(raw, (char) => char.charCodeAt(0));
};

/**
 * Turns push on or off for this browser. Permission is asked here, after the diner's tap, never on
 * load (browsers penalise, and diners refuse, a prompt out of nowhere).
 */
export function useSwitchPushDevice(publicKey: string | null | undefined) {
  const queryClient = useQueryClient();
  const api = useApiClient();
  return useMutation({
    mutationFn: async (on: boolean) => {
      const registration = await navigator.serviceWorker.ready;
      if (!on) {
        const subscription = await registration.pushManager.getSubscription();
        if (subscription) {
          await api.delete("/client/push/subscriptions", { body: { endpoint: subscription.endpoint } });
          await subscription.unsubscribe();
        }
        return;
      }
      if ((await Notification.requestPermission()) !== "granted") return;
      if (!publicKey) throw new Error("push is off");
      const subscription = await registration.pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: fromBase64Url(publicKey),
      });
      // The Push API's JSON form of a live subscription always holds the endpoint and both keys.
      const body = subscription.toJSON() as RouteBody<"POST /client/push/subscriptions">;
      await api.post("/client/push/subscriptions", { body });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: deviceKey }),
  });
}
