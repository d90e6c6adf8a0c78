const HTML_REFERENCES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

/**
 * Text made safe for HTML written by hand (page heads, mails, the API's own small pages): the five
 * characters HTML gives a meaning, so one function serves element text and attribute values in
 * either quote (decision 053).
 */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => HTML_REFERENCES[char]!);
}
