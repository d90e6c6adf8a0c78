import { escapeHtml } from "@tavolo/shared/html";
import type { OutboxRow } from "./outbox.repository";

/** Escaped text with its web addresses made clickable (addresses are matched after escaping). */
function linkify(text: string): string {
  return escapeHtml(text).replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`);
}

/** The development mailbox: every stored message, newest first, readable at any width. */
export function renderMailboxPage(rows: OutboxRow[]): string {
  const items = rows
    .map(
      (row) => `<article>
<h2>${escapeHtml(row.subject)}</h2>
<p class="meta">To <strong>${escapeHtml(row.to_address)}</strong> · <time datetime="${row.created_at.toISOString()}">${escapeHtml(row.created_at.toISOString().replace("T", " ").slice(0, 19))} UTC</time> · ${escapeHtml(row.language)} · ${escapeHtml(row.template)}${row.last_error ? ` · <span class="error">${escapeHtml(row.last_error)}</span>` : ""}</p>
<pre>${linkify(row.text_body)}</pre>
${row.attachments.map((file) => `<details><summary>📎 ${escapeHtml(file.filename)} (${escapeHtml(file.contentType)})</summary><pre>${escapeHtml(file.content)}</pre></details>`).join("\n")}
</article>`,
    )
    .join("\n");
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Tavolo · development mailbox</title>
<style>
body{margin:0;padding:16px;font-family:system-ui,sans-serif;background:#f6f3ee;color:#1c1b1a}
main{max-width:760px;margin:0 auto}
h1{font-size:1.4rem}
article{background:#fff;border-radius:10px;padding:16px;margin:0 0 16px;box-shadow:0 1px 3px rgba(0,0,0,.08)}
h2{font-size:1.1rem;margin:0 0 4px}
.meta{margin:0 0 12px;color:#555;font-size:.85rem}
.error{color:#b3261e}
pre{white-space:pre-wrap;word-break:break-word;font:inherit;margin:0}
details{margin-top:12px}
summary{cursor:pointer}
a{color:#8c1d18}
</style>
</head>
<body>
<main>
<h1>Development mailbox</h1>
<p>Mail the server would have sent (outbox transport: SMTP_URL is not set). Newest first; reload to see new messages.</p>
${items || "<p>No mail yet.</p>"}
</main>
</body>
</html>`;
}
