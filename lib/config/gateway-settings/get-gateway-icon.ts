import { createHash } from "node:crypto";
import { findGatewayIcon } from "@/db/queries/gateway-settings-admin";
import type { Ctx } from "@/lib/core/context";
import { NotFound } from "@/lib/core/errors";
import { gatewayCode } from "./gateway-setting-fields";

/** A gateway setting's uploaded icon, with its type (found by its content when uploaded) and an ETag. */
export async function getGatewayIcon({ ctx, input }: { ctx: Ctx; input: { code: string } }) {
  if (!gatewayCode.safeParse(input.code).success) throw new NotFound();
  const found = await findGatewayIcon(ctx.db, input.code);
  if (!found?.icon || !found.icon_content_type) throw new NotFound();
  return {
    content: found.icon,
    contentType: found.icon_content_type,
    etag: `"${createHash("sha256").update(found.icon).digest("base64url").slice(0, 22)}"`,
  };
}
