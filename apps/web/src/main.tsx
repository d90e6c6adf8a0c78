import "./lib/zod-jitless";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { RouterProvider } from "react-router";
import "./styles/global.css";
import { i18nReady } from "./i18n/i18n";
import { Providers } from "./app/providers";
import { createRouter } from "./app/router";

// The router starts fetching the first page's chunk now, in parallel with the language's messages.
const router = createRouter();

// First render once the active language's messages are in: no untranslated key is ever painted.
await i18nReady;

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);
