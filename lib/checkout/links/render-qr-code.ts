import { createHash } from "node:crypto";
import { findLink } from "@/db/queries/link-codes";
import { checkoutUrl } from "@/lib/checkout/transactions/represent-transaction";
import type { Ctx } from "@/lib/core/context";
import { NotFound } from "@/lib/core/errors";
import { drawQrCode } from "./draw-qr-code";
import { isLinkCode } from "./link-code";
import { type QrFormat, shortLinkUrl } from "./link-urls";

/**
 * The QR code image of a transaction, by its QR code's own code: it encodes the short link when the transaction
 * has one, else the checkout URL. Unknown codes and deleted transactions: not found. The tag changes with what the
 * image encodes (a short link asked for later), for caches to revalidate against.
 */
export async function renderQrCode({ ctx, input }: { ctx: Ctx; input: { code: string; format: QrFormat } }) {
  const link = isLinkCode(input.code) ? await findLink(ctx.db, input.code) : undefined;
  if (!link || link.deleted || link.kind !== "qr") throw new NotFound();
  const text = link.checkout_code ? shortLinkUrl(link.checkout_code) : checkoutUrl(link.session_id);
  const image = await drawQrCode(text, input.format);
  const etag = `"${createHash("sha256").update(input.format).update("\0").update(text).digest("base64url").slice(0, 22)}"`;
  return { ...image, text, etag, fileName: `payment-link-${input.code}.${input.format}` };
}
