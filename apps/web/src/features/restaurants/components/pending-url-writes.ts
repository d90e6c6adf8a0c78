/**
 * The URLs the search page has written that have not rendered yet, oldest first. A refinement
 * builds on the latest of them, never on the URL rendered now: a navigation renders in a transition,
 * so under load the page can render an earlier write after a later one was made (the date's, after
 * the time's), and a change built on that render would put the later one back (the time fell back
 * to the default in CI's three-tap search).
 * - A render of an earlier write keeps the ones after it.
 * - A render of the latest write ends them all, and so does a render of any other URL (Back, a link):
 *   the diner has moved on from them.
 */
export class PendingUrlWrites {
  private pending: string[] = [];

  /** The URL a change builds on: the latest written and not yet rendered, else none. */
  latest(): URLSearchParams | null {
    const last = this.pending.at(-1);
    return last === undefined ? null : new URLSearchParams(last);
  }

  wrote(query: URLSearchParams): void {
    this.pending.push(query.toString());
  }

  rendered(params: URLSearchParams): void {
    const at = this.pending.indexOf(params.toString());
    this.pending = at === -1 ? [] : this.pending.slice(at + 1);
  }
}
