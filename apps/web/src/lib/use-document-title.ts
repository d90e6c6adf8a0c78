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
  /** Whether the server's title still stands at this location, in this language. */
  serverOwns(locationKey: string, language: string): boolean;
  /** Called once the app writes a title: from then on every title is the app's. */
  handOver(): void;
}

/** For the composition root: the hydrated page's location key and language. */
export function hydratedTitle(locationKey: string, language: string): HydratedTitle {
  let handedOver = false;
  return {
    serverOwns: (key, lng) => !handedOver && key === locationKey && lng === language,
    handOver: () => void (handedOver = true),
  };
}

export const HydratedTitleContext = createContext<HydratedTitle | null>(null);

/** Page titles tell screen-reader and tab users where a navigation landed. One owner per page view. */
export function useDocumentTitle(title: string): void {
  const hydrated = useContext(HydratedTitleContext);
  const { key } = useLocation();
  const { i18n } = useTranslation();
  const serverOwned = hydrated?.serverOwns(key, i18n.language) ?? false;
  useEffect(() => {
    if (serverOwned) return;
    hydrated?.handOver();
    document.title = title ? `${title} · Tavolo` : "Tavolo";
  }, [title, serverOwned, hydrated]);
}
