/**
 * The server inlined the page's stylesheets (`<style data-href>`). Vite's loader, about to load a
 * module, skips a stylesheet only if a `<link rel="stylesheet">` with its address is in the document;
 * without one it would fetch each file again and make the browser restyle the whole page (≈ 90 ms of
 * the search page's hydration on a 4× slower CPU; decision 031). A disabled link is never fetched
 * nor applied: it only says "already here". Call it before the app's import, whose loader reads them.
 */
export function markInlinedStylesheets(): void {
  for (const style of document.querySelectorAll<HTMLStyleElement>("style[data-href]")) {
    const link = document.createElement("link");
    link.rel = "stylesheet";
    link.disabled = true;
    link.href = style.dataset.href!;
    document.head.append(link);
  }
}

/**
 * Resolves after the next paint: a frame callback runs just before the browser paints, and a task
 * queued from it runs after. A page opened in a background tab gets no frames: a timer stands in.
 */
export const afterNextPaint = () =>
  new Promise<void>((resolve) => {
    const fallback = setTimeout(resolve, 200);
    requestAnimationFrame(() =>
      setTimeout(() => {
        clearTimeout(fallback);
        resolve();
      }),
    );
  });
