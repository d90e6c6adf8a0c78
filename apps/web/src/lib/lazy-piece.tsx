import { lazy, type ComponentProps, type ComponentType } from "react";

/** How to forget each piece's loaded module, for `forgetLoadedPieces`. */
const pieces = new Set<() => void>();

/**
 * React.lazy for a piece of a page fetched after its first render (decision 061), whose "already
 * arrived" memory a test can forget: the web tests of one worker share their modules (decision 052),
 * and a test of what happens before the piece arrives must not find it loaded by an earlier file.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- React.lazy's own bound, for any props
export function lazyPiece<T extends ComponentType<any>>(load: () => Promise<{ default: T }>) {
  let Current = lazy(load);
  pieces.add(() => {
    Current = lazy(load);
  });
  return function LazyPiece(props: ComponentProps<T>) {
    return <Current {...props} />;
  };
}

/** Tests only (test/setup.ts): every piece is fetched again on its next render, as on a page just opened. */
export function forgetLoadedPieces(): void {
  for (const forget of pieces) forget();
}
