import type { TransactionView } from "@/db/queries/transactions";
import { mayDo, type Caller } from "@/lib/access/auth/permissions";
import { attachmentUrl } from "@/lib/checkout/attachments/attachment-url";
import { PAYABLE } from "@/lib/checkout/lifecycle/verbs";
import { linkUrls, qrCodeUrl } from "@/lib/checkout/links/link-urls";
import { checkoutUrl } from "@/lib/checkout/transactions/represent-transaction";
import { isPastDeadline } from "@/lib/core/time/payment-deadline";
import { CHANNELS } from "@/lib/delivery/notifications/channels";

/** A path on this service: images and downloads load from wherever the panel is open, APP_URL or not. */
const pathOf = (url: string) => new URL(url).pathname;

function whyUnpayable(txn: TransactionView["txn"]): string | null {
  if (txn.deleted_at) return "the transaction is deleted";
  if (!PAYABLE.includes(txn.state)) return `the transaction is ${txn.state}`;
  return isPastDeadline(txn) ? "its time to pay is up" : null;
}

/**
 * A transaction's payment link as the panel shows it: the link and its short link (absolute, to copy and send), the
 * QR code's PNG and SVG (paths on this service), the attachment; why the link can no longer be paid (then it is
 * not sent again), the channels it can be sent by (each with the contact it goes to, null when the transaction has
 * none), and whether this user may send it (the resend verb asks for the update permission).
 */
export function paymentLinkView(view: Pick<TransactionView, "txn" | "links" | "attachment_token">, caller: Caller) {
  const { txn, links } = view;
  const urls = linkUrls(links);
  const contact = (channel: string) => (channel === "email" ? txn.customer_email : txn.customer_phone) || null;
  return {
    sessionId: txn.session_id,
    checkoutUrl: checkoutUrl(txn.session_id),
    shortUrl: urls.checkout_short_url,
    qr: links.qr ? { png: pathOf(qrCodeUrl(links.qr, "png")), svg: pathOf(qrCodeUrl(links.qr, "svg")) } : null,
    attachmentUrl: view.attachment_token ? attachmentUrl(view.attachment_token) : null,
    attachmentShortUrl: urls.attachment_short_url,
    /** Why the link can no longer be paid (and so is not sent again), or null while it can. */
    unpayable: whyUnpayable(txn),
    channels: CHANNELS.map((channel) => ({ channel, contact: contact(channel) })),
    mayResend: mayDo(caller, "update"),
  };
}

export type PaymentLinkView = ReturnType<typeof paymentLinkView>;
