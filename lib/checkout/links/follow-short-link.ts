import { findLink } from "@/db/queries/link-codes";
import { attachmentUrl } from "@/lib/checkout/attachments/attachment-url";
import { checkoutUrl } from "@/lib/checkout/transactions/represent-transaction";
import type { Ctx } from "@/lib/core/context";
import { NotFound } from "@/lib/core/errors";
import { isLinkCode } from "./link-code";

/**
 * Where a short link goes: the checkout page (whatever the transaction's state: the page says it is paid or
 * expired) or the transaction's current attachment. Unknown codes, QR codes and deleted transactions: not found.
 */
export async function followShortLink({ ctx, input }: { ctx: Ctx; input: { code: string } }): Promise<string> {
  const link = isLinkCode(input.code) ? await findLink(ctx.db, input.code) : undefined;
  if (!link || link.deleted || link.kind === "qr") throw new NotFound();
  if (link.kind === "checkout") return checkoutUrl(link.session_id);
  if (!link.attachment_token) throw new NotFound();
  return attachmentUrl(link.attachment_token);
}
