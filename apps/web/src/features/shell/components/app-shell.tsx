import { lazy, Suspense } from "react";
import { Outlet, ScrollRestoration, useNavigation } from "react-router";
import { useTranslation } from "react-i18next";
import { BottomBar } from "./bottom-bar";
import { Footer } from "./footer";
import { Header } from "./header";
import { OfflineNotice } from "./offline-notice";
import { useLanguageSync, useSignInLanguage } from "./use-language-sync";
import styles from "./app-shell.module.css";

// Shown only after a sign-in in another language than the account's: loaded then (decision 036).
const LanguageChoiceDialog = lazy(() =>
  import("./language-choice-dialog").then((module) => ({ default: module.LanguageChoiceDialog })),
);

/** Root layout of every route: skip link, header, page, footer (desktop) and bottom bar (mobile). */
export function AppShell() {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  useLanguageSync();
  const languageChoice = useSignInLanguage();
  return (
    <>
      <a href="#main" className={styles.skip}>
        {t("common.skipToContent")}
      </a>
      {/* Decorative: the busy state is announced through aria-busy on <main>. */}
      <div className={`${styles.progress} ${busy ? styles.progressOn : ""}`} aria-hidden="true" />
      <Header />
      <OfflineNotice />
      <main id="main" tabIndex={-1} className={styles.main} aria-busy={busy || undefined}>
        <Outlet />
      </main>
      <Footer />
      <BottomBar />
      <ScrollRestoration />
      {languageChoice ? (
        <Suspense fallback={null}>
          <LanguageChoiceDialog
            app={languageChoice.app}
            account={languageChoice.account}
            onClose={languageChoice.close}
          />
        </Suspense>
      ) : null}
    </>
  );
}
