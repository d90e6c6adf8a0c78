import { act, render } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import i18n from "../i18n/i18n";
import { HydratedTitleContext, hydratedTitle, useDocumentTitle, type HydratedTitle } from "./use-document-title";

function Page({ title }: { title: string }) {
  useDocumentTitle(title);
  return <h1>{title}</h1>;
}

function renderPages(hydrated: (router: ReturnType<typeof createMemoryRouter>) => HydratedTitle | null) {
  const router = createMemoryRouter(
    [
      { path: "/", element: <Page title="Casa" /> },
      { path: "/other", element: <Page title="Altro" /> },
    ],
    { initialEntries: ["/"] },
  );
  render(
    <HydratedTitleContext.Provider value={hydrated(router)}>
      <RouterProvider router={router} />
    </HydratedTitleContext.Provider>,
  );
  return router;
}

describe("useDocumentTitle: one owner per page view (decision 049)", () => {
  it("leaves a hydrated page the server's title, and owns every title after a navigation", async () => {
    document.title = "Trattoria del Duomo, Milano — prenota un tavolo | Tavolo";
    const router = renderPages((r) => hydratedTitle(r.state.location.key, "it"));
    expect(document.title).toBe("Trattoria del Duomo, Milano — prenota un tavolo | Tavolo");
    await act(() => router.navigate("/other"));
    expect(document.title).toBe("Altro · Tavolo");
    // Back on the hydrated entry, the title is the app's: the server's would be stale now.
    await act(() => router.navigate(-1));
    expect(document.title).toBe("Casa · Tavolo");
  });

  it("takes the title over when the diner switches the hydrated page's language", async () => {
    document.title = "Server";
    renderPages((r) => hydratedTitle(r.state.location.key, "it"));
    expect(document.title).toBe("Server");
    await act(() => i18n.changeLanguage("en"));
    expect(document.title).toBe("Casa · Tavolo");
  });

  it("sets the title at once on a page the app rendered itself", () => {
    document.title = "Server";
    renderPages(() => null);
    expect(document.title).toBe("Casa · Tavolo");
  });
});
