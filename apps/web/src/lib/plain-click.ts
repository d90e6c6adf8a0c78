/**
 * A click the app may follow in place, as a router link does: the main button and no modifier key.
 * Any other (a new tab or window, a download) is the browser's. The first script's hold on early
 * taps and the free-time chips' one handler both ask it.
 */
export const isPlainClick = (event: Pick<MouseEvent, "button" | "metaKey" | "ctrlKey" | "shiftKey" | "altKey">) =>
  event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
