import { adminCaller } from "@/lib/access/auth/admin-caller";
import { startLegacyApi } from "./legacy-api";
import { createUser } from "./factories";

/** The legacy setup (startLegacyApi) and the uploaders: a superuser, and a clerk without the create permission. */
export async function startBulk() {
  const api = await startLegacyApi();
  const uploader = adminCaller(await createUser(api.ctx, { username: "uploader", password: "uploader-password", isSuperuser: true }));
  const viewer = adminCaller(await createUser(api.ctx, { username: "viewer", password: "viewer-password", permissions: ["refund"] }));
  /** The transactions created from a bulk upload, by line. */
  const bulkRows = (bulkId: string) =>
    api.ctx.db
      .selectFrom("transactions")
      .selectAll()
      .where((eb) => eb(eb.ref("legacy", "->>").key("bulk_id" as never), "=", bulkId))
      .execute();
  return { ...api, uploader, viewer, bulkRows };
}

/** A CSV file from its lines (LF between them unless told). */
export const csv = (lines: string[], eol = "\n") => new TextEncoder().encode(lines.join(eol) + eol);
