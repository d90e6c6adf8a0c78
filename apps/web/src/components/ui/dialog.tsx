import * as RadixDialog from "@radix-ui/react-dialog";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { CloseIcon } from "./icons";
import styles from "./dialog.module.css";

interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: string;
  children: ReactNode;
  /** Where focus goes on close; call `event.preventDefault()` to move it yourself (the trigger may be gone). */
  onCloseAutoFocus?: (event: Event) => void;
}

/** Radix dialog with our look: focus trap, Escape, scroll lock and labelling come from Radix. */
export function Dialog({ open, onOpenChange, title, description, children, onCloseAutoFocus }: DialogProps) {
  const { t } = useTranslation();
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className={styles.overlay} />
        {/* Without a description, tell Radix so explicitly (it warns otherwise). */}
        <RadixDialog.Content
          className={styles.content}
          onCloseAutoFocus={onCloseAutoFocus}
          {...(description ? {} : { "aria-describedby": undefined })}
        >
          <div className={styles.header}>
            <RadixDialog.Title className={styles.title}>{title}</RadixDialog.Title>
            <RadixDialog.Close className={styles.close} aria-label={t("common.close")}>
              <CloseIcon />
            </RadixDialog.Close>
          </div>
          {description ? (
            <RadixDialog.Description className={styles.description}>{description}</RadixDialog.Description>
          ) : null}
          {children}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

/**
 * The buttons of a confirm dialog: the safe choice first, the destructive one last. Side by side
 * and of one width where there is room; stacked on a phone with the safe choice on top, so a
 * hurried thumb does not land on the action that cannot be undone (decision 022).
 */
export function DialogActions({ children }: { children: ReactNode }) {
  return <div className={styles.actions}>{children}</div>;
}
