import { PAGE_FILES_ID } from "@tavolo/shared/rendered-page";

/**
 * A rendered page's own modules, which the server lists in an inert template (decision 067): put to
 * work as the app is asked for, so they download beside it. Found only once the app has run, they
 * came one wave of requests later, and hydration waited for them.
 */
export function fetchPageFiles(page: Document = document): void {
  const files = page.getElementById(PAGE_FILES_ID);
  if (files instanceof HTMLTemplateElement) page.head.append(files.content);
}
