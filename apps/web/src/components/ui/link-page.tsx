import { Fragment, type ReactNode } from "react";
import { useSearchParams } from "react-router";
import { useDocumentTitle } from "../../lib/use-document-title";
import { Page } from "./page";
import { LoadingRegion, Skeleton } from "./spinner";
import styles from "./link-page.module.css";

/**
 * The page a mailed one-tap link opens (a reminder's "Ci sarò", a waitlist hold's "Conferma"): the
 * booking it is about, then one button. Opening it never acts, so a mail scanner following the link
 * cannot answer for the diner (decisions 040, 046); each feature states only its words and calls.
 */
export function LinkPage({ title, lead, children }: { title: string; lead?: ReactNode; children: ReactNode }) {
  useDocumentTitle(title);
  return (
    <Page title={title} lead={lead}>
      <div className={styles.box}>{children}</div>
    </Page>
  );
}

/** The link's token (…?token=…), "" when the link came without one. */
export function useLinkToken(): string {
  const [params] = useSearchParams();
  return params.get("token") ?? "";
}

/** While the link's booking loads. */
export function LinkPageLoading() {
  return (
    <LoadingRegion>
      <Skeleton height={120} />
    </LoadingRegion>
  );
}

/** What the link is about, as label/value rows (restaurant, when, party…). */
export function LinkFacts({ facts }: { facts: { label: string; value: ReactNode }[] }) {
  return (
    <dl className={styles.facts}>
      {facts.map(({ label, value }) => (
        <Fragment key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </Fragment>
      ))}
    </dl>
  );
}

/** The row holding the link's one button. */
export function LinkActions({ children }: { children: ReactNode }) {
  return <div className={styles.actions}>{children}</div>;
}
