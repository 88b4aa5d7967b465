import type { PaymentLinkView } from "@/lib/panel/payment-links/payment-link-view";
import type { SendAgainState } from "@/lib/panel/payment-links/send-link-again-form";
import { CopyField } from "./copy-field";
import { link as linkStyle, muted } from "./panel-styles";
import { SendLinkAgainForm } from "./send-link-again-form";

/**
 * A transaction's payment link: the link and its short link to copy, the QR code (shown, and to download as PNG or
 * SVG), the attachment, and "Send again" while the link can be paid and the user may send it.
 */
export function PaymentLinkPanel({
  link,
  sendAgain,
}: {
  link: PaymentLinkView;
  sendAgain: (state: SendAgainState, form: FormData) => Promise<SendAgainState>;
}) {
  return (
    <div className="mt-3 flex flex-wrap items-start gap-6">
      <div className="min-w-0 flex-1 space-y-3">
        <CopyField label="Payment link" value={link.checkoutUrl} />
        {link.shortUrl ? <CopyField label="Short link" value={link.shortUrl} /> : null}
        {link.attachmentUrl ? <CopyField label="Attachment link" value={link.attachmentShortUrl ?? link.attachmentUrl} /> : null}
        {!link.shortUrl && !link.qr ? <p className={muted}>No short link or QR code: none was asked for when it was created.</p> : null}
        {link.unpayable ? (
          <p className={muted}>It can no longer be paid ({link.unpayable}): it is not sent again.</p>
        ) : link.mayResend ? (
          <SendLinkAgainForm sessionId={link.sessionId} channels={link.channels} action={sendAgain} />
        ) : (
          <p className={muted}>Sending it again needs the update permission.</p>
        )}
      </div>
      {link.qr ? (
        <figure className="rounded border border-slate-300 bg-white p-3 text-center text-sm">
          {/* eslint-disable-next-line @next/next/no-img-element -- a PNG this service draws, shown at its own size */}
          <img src={link.qr.png} alt={`QR code of the ${link.shortUrl ? "short link" : "payment link"}`} width={176} height={176} className="mx-auto size-44" />
          <figcaption className="mt-2">
            Download the QR code:{" "}
            <a href={link.qr.png} download="payment-link-qr.png" className={linkStyle}>
              PNG
            </a>{" "}
            ·{" "}
            <a href={link.qr.svg} download="payment-link-qr.svg" className={linkStyle}>
              SVG
            </a>
          </figcaption>
        </figure>
      ) : null}
    </div>
  );
}
