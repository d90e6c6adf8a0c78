import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "./button";
import { AlertIcon } from "./icons";
import styles from "./state-block.module.css";

interface ErrorStateProps {
  title: string;
  message?: string;
  onRetry?: () => void;
  image?: string;
  action?: ReactNode;
  headingLevel?: 1 | 2 | 3;
}

export function ErrorState({ title, message, onRetry, image, action, headingLevel = 2 }: ErrorStateProps) {
  const { t } = useTranslation();
  const Heading = `h${headingLevel}` as "h1" | "h2" | "h3";
  return (
    <div className={styles.block} role="alert">
      {image ? (
        <img className={styles.image} src={image} alt="" width={200} height={160} />
      ) : (
        <span className={styles.icon}>
          <AlertIcon size={28} />
        </span>
      )}
      <Heading className={styles.title}>{title}</Heading>
      {message && message !== title ? <p className={styles.text}>{message}</p> : null}
      {onRetry || action ? (
        <div className={styles.actions}>
          {onRetry ? (
            <Button variant="outline" onClick={onRetry}>
              {t("common.retry")}
            </Button>
          ) : null}
          {action}
        </div>
      ) : null}
    </div>
  );
}
