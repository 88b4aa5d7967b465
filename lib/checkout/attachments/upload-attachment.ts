import { randomBytes } from "node:crypto";
import { insertAttachment } from "@/db/queries/transactions";
import { mayDo, type Caller } from "@/lib/access/auth/permissions";
import type { Ctx } from "@/lib/core/context";
import { Forbidden, ValidationFailed } from "@/lib/core/errors";
import { attachmentUrl } from "./attachment-url";
import { checkAttachment } from "./check-attachment";

/** The largest file POST /b/checkout/v1/upload-attachment/ takes. */
export const UPLOAD_MAX_BYTES = 2.5 * 1024 * 1024;

/**
 * Stores a file for a later create or update to attach by its URL (`attachment_upload_url`). Only a caller who may
 * create or update transactions may upload; a file refused for its size or type stores nothing.
 */
export async function uploadAttachment({ ctx, input }: { ctx: Ctx; input: { caller: Caller; files: Record<string, File> } }) {
  if (!mayDo(input.caller, "create") && !mayDo(input.caller, "update")) {
    throw new Forbidden("You do not have permission to create or update payment transactions, which attachments are for.");
  }
  const file = input.files.attachment;
  if (!file) throw new ValidationFailed({ attachment: ["This field is required: send the file as a multipart/form-data part named attachment."] });
  const checked = await checkAttachment(file, UPLOAD_MAX_BYTES);
  const token = randomBytes(20).toString("hex");
  await insertAttachment(ctx.db, { token, ...checked });
  return {
    attachment_upload_url: attachmentUrl(token),
    file_name: checked.fileName,
    content_type: checked.contentType,
    size: checked.content.length,
  };
}
