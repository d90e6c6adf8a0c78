import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { ExternalIcon } from "../../../components/ui/icons";

/** A link out of the product (the restaurant portal): new tab, said so to screen readers. */
export function ExternalLink({
  href,
  className,
  children,
  icon = true,
}: {
  href: string;
  className?: string;
  children: ReactNode;
  icon?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <a href={href} className={className} target="_blank" rel="noopener noreferrer">
      {children}
      {icon ? <ExternalIcon size={15} /> : null}
      <span className="visually-hidden"> ({t("common.opensInNewTab")})</span>
    </a>
  );
}
