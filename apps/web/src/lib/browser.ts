/**
 * Leaving the single-page app for a full navigation (Google, the backend's e-mail link check).
 * An object, so tests can spy on it: jsdom cannot navigate.
 */
export const browser = {
  assign(url: string): void {
    window.location.assign(url);
  },
};
