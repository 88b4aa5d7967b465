import { findAttachmentId } from "@/db/queries/transactions";
import type { Db } from "@/db/client";
import { env } from "@/lib/core/env";
import type { FieldErrors } from "@/lib/core/errors";

const UPLOADED = /^\/b\/checkout\/v1\/attachments\/([0-9a-f]{40})\/?$/;

/**
 * The stored attachment (id and token) an `attachment_upload_url` names (a URL that POST /b/checkout/v1/upload-attachment/ returned
 * on this installation), or the field error saying what to send instead. A file part `attachment` beside it is
 * refused: one attachment per request.
 */
export async function findUploadedAttachment(
  db: Db,
  url: string,
  withFile: boolean,
): Promise<{ id: string | null; token: string | null; errors: FieldErrors }> {
  const fail = (message: string) => ({ id: null, token: null, errors: { attachment_upload_url: [message] } });
  if (withFile) return fail("Send either a file part attachment or attachment_upload_url, not both.");
  const parsed = new URL(url);
  const token = parsed.origin === new URL(env.APP_URL).origin ? UPLOADED.exec(parsed.pathname)?.[1] : undefined;
  const id = token ? await findAttachmentId(db, token) : undefined;
  if (!id) return fail(`No such upload: give a URL that POST ${env.APP_URL}/b/checkout/v1/upload-attachment/ returned.`);
  return { id, token: token!, errors: {} };
}
