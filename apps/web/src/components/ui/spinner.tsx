import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import styles from "./spinner.module.css";

/** Decorative: pair it with text or aria-busy on the region that is loading. */
export function Spinner({ size = 24 }: { size?: number }) {
  return <span className={styles.spinner} style={{ width: size, height: size }} aria-hidden="true" />;
}

export function Skeleton({
  width,
  height,
  radius,
  className,
}: {
  width?: string | number;
  height?: string | number;
  radius?: string;
  className?: string;
}) {
  return (
    <span
      className={[styles.skeleton, className].filter(Boolean).join(" ")}
      style={{ width, height, borderRadius: radius }}
      aria-hidden="true"
    />
  );
}

/**
 * A region whose content is on its way: marked busy, announced once ("Caricamento…") to a screen
 * reader, and holding the placeholder shapes (Skeleton) it shows meanwhile.
 */
export function LoadingRegion({ className, children }: { className?: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className={className} aria-busy="true">
      <span className="visually-hidden" role="status">
        {t("common.loading")}
      </span>
      {children}
    </div>
  );
}
