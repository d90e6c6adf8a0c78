import type { ReactNode } from "react";
import styles from "./state-block.module.css";

interface EmptyStateProps {
  title: string;
  text?: ReactNode;
  image?: string;
  action?: ReactNode;
  headingLevel?: 1 | 2 | 3;
  /** Intrinsic size of `image`, so its box is reserved before it loads (the spot art is 200×160). */
  imageSize?: [number, number];
}

export function EmptyState({
  title,
  text,
  image = "/images/empty-plate.svg",
  action,
  headingLevel = 2,
  imageSize = [200, 160],
}: EmptyStateProps) {
  const Heading = `h${headingLevel}` as "h1" | "h2" | "h3";
  return (
    <div className={styles.block}>
      {image ? <img className={styles.image} src={image} alt="" width={imageSize[0]} height={imageSize[1]} /> : null}
      <Heading className={styles.title}>{title}</Heading>
      {text ? <p className={styles.text}>{text}</p> : null}
      {action ? <div className={styles.actions}>{action}</div> : null}
    </div>
  );
}
