const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
const escape = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
const ARABIC = /[\u0600-\u06FF]/;

/**
 * A simple HTML version of a plain-text e-mail body: its paragraphs and lines, links made clickable,
 * right-to-left when the text is Arabic. Everything else is escaped.
 */
export function messageHtml(subject: string, body: string): string {
  const rtl = ARABIC.test(body);
  const paragraphs = body
    .split(/\n{2,}/)
    .map((p) => escape(p).replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`).replace(/\n/g, "<br>"))
    .map((p) => `<p>${p}</p>`)
    .join("\n");
  return [
    "<!doctype html>",
    `<html lang="${rtl ? "ar" : "en"}" dir="${rtl ? "rtl" : "ltr"}">`,
    `<head><meta charset="utf-8"><title>${escape(subject)}</title></head>`,
    `<body style="font-family: Arial, sans-serif; font-size: 15px; line-height: 1.5; color: #1f2937;">`,
    paragraphs,
    "</body>",
    "</html>",
  ].join("\n");
}
