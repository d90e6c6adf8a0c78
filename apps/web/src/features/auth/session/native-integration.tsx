import { useEffect, useRef } from "react";
import { useNavigate } from "react-router";
import { useTranslation } from "react-i18next";
import { nativeLoader } from "../../../lib/native-loader";
import { useSession } from "./session-context";
import { useApiClient } from "../../../lib/api-client-context";

/**
 * Native app only (renders nothing, loads nothing on the web): deep links, Android's back button,
 * and the biometric copy of the session following its refreshes. Mounted once, inside the router.
 * Their code is imported only inside the native app, so the web's start chunk does not carry it.
 */
export function NativeIntegration() {
  const navigate = useNavigate();
  const { signIn } = useSession();
  const api = useApiClient();
  const { t } = useTranslation();
  // The listeners are installed once; they read the latest callbacks from here.
  const latest = useRef({ api, navigate, signIn, incomplete: t("auth.incompleteData") });
  useEffect(() => {
    latest.current = { api, navigate, signIn, incomplete: t("auth.incompleteData") };
  });

  useEffect(() => {
    let active = true;
    const cleanups: Array<() => void> = [];
    nativeLoader
      .load()
      .then(async (bridge) => {
        if (!bridge || !active) return;
        const [{ followSessionRotations }, { handleDeepLink }] = await Promise.all([
          import("./biometric-sign-in"),
          import("./deep-links"),
        ]);
        if (!active) return;
        cleanups.push(followSessionRotations());
        cleanups.push(await bridge.handleBackButton(() => window.history.back()));
        cleanups.push(
          await bridge.onDeepLink((url) => {
            const { api: client, navigate: go, signIn: store, incomplete } = latest.current;
            void handleDeepLink(url, { api: client, signIn: store, navigate: (path) => void go(path), incomplete });
          }),
        );
        if (!active) for (const cleanup of cleanups.splice(0)) cleanup();
      })
      .catch((error: unknown) => console.warn("native integration did not start", error));
    return () => {
      active = false;
      for (const cleanup of cleanups.splice(0)) cleanup();
    };
  }, []);

  return null;
}
