import { createContext, useContext, useEffect } from "react";
import { useLocation } from "react-router";
import { useTranslation } from "react-i18next";

/**
 * The page the browser hydrated from the server (decisions 027, 049): its location's key and
 * language. Its <title> was made by the server from the page's head data, the one search engines
 * and link previews read; the app leaves it so until the diner goes elsewhere or switches language.
 * Created by the composition root (client-app.tsx) for the one hydration; null everywhere else.
 */
export interface HydratedTitle {
  locationKey: string;
  language: string;
  /** Set once the app has written a title: from then on every title is the app's. */
  handedOver: boolean;
}

export const HydratedTitleContext = createContext<HydratedTitle | null>(null);

/** Page titles tell screen-reader and tab users where a navigation landed. One owner per page view. */
export function useDocumentTitle(title: string): void {
  const hydrated = useContext(HydratedTitleContext);
  const { key } = useLocation();
  const { i18n } = useTranslation();
  const serverOwned =
    hydrated !== null && !hydrated.handedOver && key === hydrated.locationKey && i18n.language === hydrated.language;
  useEffect(() => {
    if (serverOwned) return;
    if (hydrated) hydrated.handedOver = true;
    document.title = title ? `${title} · Tavolo` : "Tavolo";
  }, [title, serverOwned, hydrated]);
}
