/**
 * A rendered page is on screen before the app runs (decision 033): its links and its search form
 * work without JavaScript, its other buttons (the phone menu, "Usa la mia posizione", a day in the
 * picker) do not. A tap on one of them in that moment would be lost. Held instead: the first script
 * keeps each such tap, in order, and taps the same buttons again once the app has taken the page
 * over (hydration keeps the page's own elements, so they are still the ones tapped).
 *
 * Returns the release: it stops holding and replays what it held.
 */
export function holdEarlyTaps(target: Document = document): () => void {
  const held: HTMLButtonElement[] = [];
  const hold = (event: Event) => {
    const button = event.target instanceof Element ? event.target.closest("button") : null;
    // A submit button of a form made to work without the app (it names its `action`: the search)
    // sends it as the browser does. Any other form (booking an offer) is the app's: held, so the
    // tap books once the app runs instead of reloading the page (decision 039).
    if (!button || button.disabled) return;
    if (button.type === "submit" && button.form?.hasAttribute("action")) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    held.push(button);
  };
  target.addEventListener("click", hold, true);
  return () => {
    target.removeEventListener("click", hold, true);
    for (const button of held.splice(0)) if (button.isConnected) button.click();
  };
}
