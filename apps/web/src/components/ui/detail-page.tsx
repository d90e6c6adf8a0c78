import type { ReactNode } from "react";
import { Link, type To } from "react-router";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../lib/api-client";
import { ButtonLink } from "./button";
import { ErrorState } from "./error-state";
import { ChevronLeftIcon } from "./page-icons";
import styles from "./detail-page.module.css";

interface DetailPageProps {
  back: { to: To; label: string };
  /** While the record loads: announced once, and the region is marked busy. */
  loading?: boolean;
  width?: "wide" | "narrow";
  children: ReactNode;
}

/** The frame of a detail screen (restaurant, offer): a way back above the content. */
export function DetailPage({ back, loading = false, width = "wide", children }: DetailPageProps) {
  const { t } = useTranslation();
  return (
    <div
      className={[styles.container, width === "narrow" ? styles.narrow : ""].join(" ")}
      aria-busy={loading || undefined}
    >
      <Link to={back.to} className={styles.back}>
        <ChevronLeftIcon size={18} />
        {back.label}
      </Link>
      {loading ? (
        <p className="visually-hidden" role="status">
          {t("common.loading")}
        </p>
      ) : null}
      {children}
    </div>
  );
}

/** A malformed id is answered 400 by the API: for a visitor it is the same dead link as a 404. */
export const isMissing = (error: unknown) =>
  error instanceof ApiError && (error.status === 404 || error.status === 400);

interface DetailErrorProps {
  error: unknown;
  texts: { notFound: string; notFoundText: string; loadError: string };
  onRetry: () => void;
  /** Where to look for something else: the main way out of a dead link, a side one otherwise. */
  elsewhere: { to: To; label: string };
}

/** Not found (no retry: it will not appear) or failed to load (the server's words and a retry). */
export function DetailError({ error, texts, onRetry, elsewhere }: DetailErrorProps) {
  const missing = isMissing(error);
  return (
    <ErrorState
      headingLevel={1}
      title={missing ? texts.notFound : texts.loadError}
      message={missing ? texts.notFoundText : error instanceof ApiError ? error.message : undefined}
      image={missing ? "/images/not-found.svg" : undefined}
      onRetry={missing ? undefined : onRetry}
      action={
        <ButtonLink to={elsewhere.to} variant={missing ? "primary" : "ghost"}>
          {elsewhere.label}
        </ButtonLink>
      }
    />
  );
}
