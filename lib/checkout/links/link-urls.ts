import type { LinkCodes } from "@/db/queries/link-codes";
import { env } from "@/lib/core/env";

export type QrFormat = "png" | "svg";

/** The short link of a code: `{APP_URL}/b/{code}`. */
export const shortLinkUrl = (code: string) => `${env.APP_URL}/b/${code}`;

/** The QR code image of a code, as PNG (the representation's) or SVG. */
export const qrCodeUrl = (code: string, format: QrFormat = "png") => `${env.APP_URL}/b/checkout/v1/qr/${code}.${format}`;

/** The link fields of the representation; null for a link not asked for. */
export function linkUrls(links: LinkCodes) {
  return {
    checkout_short_url: links.checkout ? shortLinkUrl(links.checkout) : null,
    qr_code_url: links.qr ? qrCodeUrl(links.qr) : null,
    attachment_short_url: links.attachment ? shortLinkUrl(links.attachment) : null,
  };
}
