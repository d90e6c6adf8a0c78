import { useEffect } from "react";

/** Page titles tell screen-reader and tab users where a navigation landed. */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = title ? `${title} · Tavolo` : "Tavolo";
  }, [title]);
}
