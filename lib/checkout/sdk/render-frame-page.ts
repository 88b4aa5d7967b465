import { FRAME_MESSAGES, type FrameLanguage } from "./frame-messages";
import { frameThemeCss } from "./frame-theme";
import type { SdkSetup } from "./sdk-schemas";

export const FRAME_SCRIPT_PATH = "/b/checkout/sdk/v1/frame.js";
export const FRAME_PAY_PATH = "/b/checkout/sdk/v1/frame/pay";

/** What the frame page shows: the payment form, a refusal (its reason), or the way to a gateway that cannot be framed. */
export type FramePage =
  /** `notice`: the last attempt failed (shown); `error`: this Pay was refused (shown, and posted as an error event). */
  | { kind: "form"; setup: SdkSetup; publicKey: string; notice: string | null; error: string | null }
  | { kind: "refused"; message: string }
  | { kind: "redirecting"; url: string; methodName: string };

interface FrameContext {
  sessionId: string;
  /** The merchant origin the events go to; null: none (nothing is posted). */
  origin: string | null;
  lang: FrameLanguage;
  theme: string | null;
}

const escape = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

const STYLE = `*{box-sizing:border-box}html,body{margin:0}body{font-family:var(--ck-font-family);color:var(--ck-color-text);background:var(--ck-color-background);padding:16px}
h1{font-size:1.1rem;margin:0 0 4px}.amount{font-size:1.5rem;font-weight:700;margin:0 0 12px}fieldset{border:0;margin:0;padding:0}
legend{color:var(--ck-color-muted);margin-bottom:8px}label{display:flex;align-items:center;gap:10px;border:1px solid var(--ck-color-border);border-radius:var(--ck-radius);padding:10px;margin-bottom:8px;cursor:pointer}
label img{width:32px;height:20px;object-fit:contain}.fee{margin-inline-start:auto;color:var(--ck-color-muted);font-size:.85rem}
button{width:100%;padding:12px;border:0;border-radius:var(--ck-radius);background:var(--ck-color-primary);color:var(--ck-color-on-primary);font:inherit;font-weight:600;cursor:pointer}
button:disabled{opacity:.6}.cards{color:var(--ck-color-muted);font-size:.85rem;margin:-4px 0 8px}.cards ul{margin:4px 0 0;padding-inline-start:20px}.notice{border:1px solid var(--ck-color-error);color:var(--ck-color-error);border-radius:var(--ck-radius);padding:10px;margin:0 0 12px}a{color:var(--ck-color-primary)}`;

/**
 * A method's usable saved cards, masked: the customer picks one (and proves it with its CVV) on the card page, inside
 * the frame, as on the hosted page.
 */
function savedCards(setup: SdkSetup, pgCode: string, t: (typeof FRAME_MESSAGES)[FrameLanguage]): string {
  const cards = setup.cards.filter((card) => card.pg_code === pgCode && card.is_usable);
  if (cards.length === 0) return "";
  const list = cards.map((card) => `<li>${escape(card.brand)} •••• ${escape(card.last4 ?? "")} (${escape(`${card.expiry_month}/${card.expiry_year}`)})</li>`);
  return `<div class="cards">${t.savedCards}<ul>${list.join("")}</ul></div>`;
}

function form(page: Extract<FramePage, { kind: "form" }>, context: FrameContext): string {
  const t = FRAME_MESSAGES[context.lang];
  const { setup } = page;
  const methods = setup.payment_methods
    .map((m, i) => {
      const fee = Number(m.fee) > 0 ? `<span class="fee">+${escape(m.fee)} ${t.fee}</span>` : "";
      const radio = `<input type="radio" name="pg_code" value="${escape(m.pg_code)}"${i === 0 ? " checked" : ""} required>`;
      return `<label>${radio}<img src="${escape(m.icon)}" alt="">${escape(m.name)}${fee}</label>${savedCards(setup, m.pg_code, t)}`;
    })
    .join("");
  const hidden = { session_id: setup.session_id, pk: page.publicKey, origin: context.origin ?? "", lang: context.lang, theme: context.theme ?? "" };
  return `<h1>${escape(setup.merchant.name)}</h1><p class="amount">${escape(setup.formatted_amount)}</p>
${[page.error ?? page.notice].filter(Boolean).map((text) => `<p class="notice" role="alert">${escape(text!)}</p>`).join("")}<form id="ck-pay" method="post" action="${FRAME_PAY_PATH}">
${Object.entries(hidden).map(([name, value]) => `<input type="hidden" name="${name}" value="${escape(value)}">`).join("")}
<fieldset><legend>${t.method}</legend>${methods}</fieldset><button type="submit">${escape(t.pay(setup.formatted_amount))}</button></form>`;
}

/** The event the page posts to the merchant's page when it loads. */
function loadEvent(page: FramePage): Record<string, string> {
  if (page.kind === "refused") return { type: "error", message: page.message };
  if (page.kind === "redirecting") return { type: "redirecting", redirect_url: page.url };
  if (page.error) return { type: "error", message: page.error };
  return { type: "ready", state: page.setup.state };
}

/** The frame's whole HTML document: the page, its theme, and its one script carrying the merchant origin. */
export function renderFramePage(page: FramePage, context: FrameContext): string {
  const t = FRAME_MESSAGES[context.lang];
  const body =
    page.kind === "form"
      ? form(page, context)
      : page.kind === "refused"
        ? `<h1>${t.refused}</h1><p class="notice" role="alert">${escape(page.message)}</p>`
        : `<h1>${escape(t.redirecting(page.methodName))}</h1><p><a href="${escape(page.url)}" target="_top">${t.continue}</a></p>`;
  const script = context.origin
    ? `<script src="${FRAME_SCRIPT_PATH}" data-origin="${escape(context.origin)}" data-session="${escape(context.sessionId)}" data-event="${escape(JSON.stringify(loadEvent(page)))}"></script>`
    : "";
  return `<!doctype html><html lang="${context.lang}" dir="${context.lang === "ar" ? "rtl" : "ltr"}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>${t.title}</title>
<style>:root{${frameThemeCss(context.theme)}}${STYLE}</style></head><body>${body}${script}</body></html>`;
}
