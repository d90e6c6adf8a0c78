import type { Language } from "@tavolo/shared/languages";
import { escapeHtml } from "@tavolo/shared/html";
import type { MailAttachment } from "../../db/schema-columns";

/** What a template says, once; layout() turns it into the HTML and the plain-text part alike. */
export interface MailContent {
  subject: string;
  greeting: string;
  paragraphs: string[];
  /** Facts shown as "label: value" lines (a booking's restaurant, date, party...). */
  details?: { label: string; value: string }[];
  /** A one-time code shown large. */
  code?: string;
  action?: { label: string; url: string };
  /** Small print under the action (lifetime, "ignore this if it was not you"). */
  notes: string[];
}

export interface RenderedMail {
  template: string;
  subject: string;
  text: string;
  html: string;
  attachments?: MailAttachment[];
  /** Extra header fields (List-Unsubscribe of the alert mails; decision 044). */
  headers?: Record<string, string>;
  /** Set on the mail to a deleted account: its address is hashed once it has left (decision 021). */
  forgetRecipientWhenSent?: boolean;
}

const FOOTER: Record<Language, string> = {
  it: "Tavolo — tavoli last minute nei ristoranti d'Italia. Questa è un'email automatica: non rispondere.",
  en: "Tavolo — last-minute tables in Italy's restaurants. This is an automatic email: please do not reply.",
};

/** The greeting line of every mail. */
export const hello = (language: Language, name: string) =>
  language === "it" ? (name ? `Ciao ${name},` : "Ciao,") : name ? `Hi ${name},` : "Hi,";

export function layout(template: string, language: Language, content: MailContent): RenderedMail {
  const text = [
    content.greeting,
    "",
    ...content.paragraphs.flatMap((paragraph) => [paragraph, ""]),
    ...(content.details?.length ? [...content.details.map((d) => `${d.label}: ${d.value}`), ""] : []),
    ...(content.code ? [content.code, ""] : []),
    ...(content.action ? [`${content.action.label}: ${content.action.url}`, ""] : []),
    ...content.notes,
    "",
    "—",
    FOOTER[language],
  ].join("\n");

  const p = (value: string, style = "margin:0 0 16px") => `<p style="${style}">${escapeHtml(value)}</p>`;
  const body = [
    p(content.greeting),
    ...content.paragraphs.map((paragraph) => p(paragraph)),
    content.details?.length
      ? `<table role="presentation" style="margin:0 0 16px;border-collapse:collapse">${content.details
          .map(
            (d) =>
              `<tr><td style="padding:4px 12px 4px 0;color:#555555;vertical-align:top">${escapeHtml(d.label)}</td><td style="padding:4px 0;font-weight:600;white-space:pre-wrap">${escapeHtml(d.value)}</td></tr>`,
          )
          .join("")}</table>`
      : "",
    content.code
      ? `<p style="margin:0 0 16px;font-size:32px;font-weight:700;letter-spacing:8px">${escapeHtml(content.code)}</p>`
      : "",
    content.action
      ? `<p style="margin:0 0 16px"><a href="${escapeHtml(content.action.url)}" style="display:inline-block;padding:12px 20px;background:#b3261e;color:#ffffff;border-radius:8px;text-decoration:none;font-weight:600">${escapeHtml(content.action.label)}</a></p>` +
        p(content.action.url, "margin:0 0 16px;font-size:12px;color:#555555;word-break:break-all")
      : "",
    ...content.notes.map((note) => p(note, "margin:0 0 8px;font-size:13px;color:#555555")),
  ].join("\n");

  const html = `<!doctype html>
<html lang="${language}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(content.subject)}</title></head>
<body style="margin:0;padding:24px;background:#f6f3ee;font-family:Arial,Helvetica,sans-serif;color:#1c1b1a">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:12px;padding:24px">
<p style="margin:0 0 24px;font-size:22px;font-weight:700;color:#b3261e">Tavolo</p>
${body}
<hr style="border:none;border-top:1px solid #e5e0d8;margin:24px 0 12px">
${p(FOOTER[language], "margin:0;font-size:12px;color:#777777")}
</div>
</body>
</html>`;
  return { template, subject: content.subject, text, html };
}
