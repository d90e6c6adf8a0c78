import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { matchLanguage } from "@tavolo/shared/languages";
import { storage } from "../../../lib/storage";
import { updateProfile } from "../../account/api/update-profile";
import { dispatchProfileUpdated, useSession } from "../../auth/session/session-context";
import { storeUser } from "../../auth/session/session-storage";

/**
 * Issue 4: a language picked in the UI (header, menu or settings) is stored on the signed-in
 * user's profile, so the e-mails and text messages the server sends follow it. Only an explicit
 * switch is sent; signing in on a device in another language does not rewrite the profile.
 */
export function useLanguageSync(): void {
  const { i18n } = useTranslation();
  const { status, user } = useSession();
  const latest = useRef(user);
  useEffect(() => {
    latest.current = user;
  }, [user]);

  useEffect(() => {
    if (status !== "signedIn") return;
    const onChange = (lng: string) => {
      const language = matchLanguage(lng);
      const current = latest.current;
      if (!language || !current || current.language === language) return;
      updateProfile(current.id, { language })
        .then((result) => {
          // Only if still the same user is signed in.
          const stored = storage.parseUser(result.profile);
          if (!stored || storage.getJson("user")?.id !== stored.id) return;
          storeUser(stored);
          dispatchProfileUpdated();
        })
        .catch(() => {
          // The UI has switched anyway; the next switch (or settings visit) tries again.
        });
    };
    i18n.on("languageChanged", onChange);
    return () => i18n.off("languageChanged", onChange);
  }, [i18n, status]);
}
