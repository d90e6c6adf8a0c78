import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { matchLanguage, type Language } from "@tavolo/shared/languages";
import { storage, type StoredUser } from "../../../lib/storage";
import { updateProfile } from "../../account/api/update-profile";
import { dispatchProfileUpdated, SIGNED_IN_EVENT, useSession } from "../../auth/session/session-context";
import { readStoredUser, storeUser } from "../../auth/session/session-storage";
import { useApiClient } from "../../../lib/api-client-context";
import type { ApiClient } from "../../../lib/api-client";

/** Stores `language` on the signed-in user's profile, so mails and texts follow it. */
export async function saveLanguage(api: ApiClient, user: StoredUser, language: Language): Promise<void> {
  const result = await updateProfile(api, user.id, { language });
  // Only if still the same user is signed in.
  const stored = storage.parseUser(result.profile);
  if (!stored || storage.getJson("user")?.id !== stored.id) return;
  storeUser(stored);
  dispatchProfileUpdated();
}

/**
 * Decision 008: a language picked in the UI (header, menu or settings) is stored on the signed-in
 * user's profile, so the e-mails and text messages the server sends follow it. A sign-in in a
 * language other than the account's is not silently applied: `useSignInLanguage` asks first.
 */
export function useLanguageSync(): void {
  const { i18n } = useTranslation();
  const { status, user } = useSession();
  const api = useApiClient();
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
      saveLanguage(api, current, language).catch(() => {
        // The UI has switched anyway; the next switch (or settings visit) tries again.
      });
    };
    i18n.on("languageChanged", onChange);
    return () => i18n.off("languageChanged", onChange);
  }, [api, i18n, status]);
}

/**
 * Decision 036: a diner who picked a language before signing in, into an account set to another,
 * is asked which one to keep. Answers the two languages while the question is open, else null.
 */
export function useSignInLanguage(): { app: Language; account: Language; close: () => void } | null {
  const { i18n } = useTranslation();
  const [asked, setAsked] = useState<{ app: Language; account: Language } | null>(null);
  useEffect(() => {
    const onSignedIn = () => {
      const app = matchLanguage(i18n.resolvedLanguage ?? i18n.language);
      const account = matchLanguage(readStoredUser()?.language ?? "");
      setAsked(app && account && app !== account ? { app, account } : null);
    };
    window.addEventListener(SIGNED_IN_EVENT, onSignedIn);
    return () => window.removeEventListener(SIGNED_IN_EVENT, onSignedIn);
  }, [i18n]);
  return asked ? { ...asked, close: () => setAsked(null) } : null;
}
