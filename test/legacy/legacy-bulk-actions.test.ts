import { isRedirectError } from "next/dist/client/components/redirect-error";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { uploadBulkAction } from "@/app/(site)/admin/(panel)/bulk-payment-requests/actions";
import { panelSections } from "@/lib/panel/admin/panel-sections";
import { setAdminUserActive } from "@/lib/access/admin-users/set-admin-user-active";
import { NO_UPLOAD } from "@/lib/legacy/bulk/bulk-upload-form";
import { csv, startBulk } from "../support/legacy-bulk";
import { refusal } from "../support/refusal";

// The bulk upload's server action as the browser reaches it, with a session cookie: the user behind the cookie
// is read from the database again and must be allowed to create transactions. Only the cookie's session
// (next-auth) and Next's page cache are stood in for; the database is the real one.

const session = vi.hoisted(() => ({ userId: null as string | null }));
const revalidated = vi.hoisted(() => [] as string[]);
vi.mock("next-auth", async (original) => ({
  ...(await original<typeof import("next-auth")>()),
  getServerSession: async () => {
    // The cookie's claims (lib/access/auth/active-admin.ts): signed in a minute ago, at a new user's session version.
    const minuteAgo = Math.floor(Date.now() / 1000) - 60;
    return session.userId ? { user: { uid: session.userId, signedInAt: minuteAgo, iat: minuteAgo, sv: 0 } } : null;
  },
}));
vi.mock("next/cache", () => ({ revalidatePath: (path: string) => void revalidated.push(path) }));

const api = await startBulk();
const redirectTarget = (error: Error) => (isRedirectError(error) ? error.digest.split(";")[2] : `not a redirect: ${error.message}`);
const HEADER = "amount,currency_code,customer_email,order_no";

/** A form with the file input, as the browser posts it. */
function upload(bytes: Uint8Array<ArrayBuffer> | null, name = "requests.csv") {
  const form = new FormData();
  // A file input left empty still sends a part: a nameless, empty file.
  form.append("file", new File(bytes ? [bytes] : [], bytes ? name : "", { type: "text/csv" }));
  return uploadBulkAction(NO_UPLOAD, form);
}

beforeEach(() => {
  revalidated.length = 0;
});

describe("the bulk upload action", () => {
  it("creates the valid rows for a user who may create, reports the invalid lines, and refreshes the transactions", async () => {
    session.userId = api.uploader.id;
    const state = await upload(csv([HEADER, "10,KWD,a@example.com,PANEL-1", "10,KWD,nope,PANEL-2"]));
    expect(state.errors).toEqual({});
    expect(state.result).toMatchObject({ file_name: "requests.csv", counts: { rows: 2, created: 1, already_created: 0, invalid: 1 } });
    expect(state.result!.invalid).toEqual([{ line: 3, errors: { customer_email: ["Enter a valid email address."] } }]);
    expect(await api.bulkRows(state.result!.bulk_id)).toEqual([expect.objectContaining({ order_no: "PANEL-1", created_by_user_id: api.uploader.id })]);
    expect(revalidated).toEqual(["/admin/transactions"]);
  });

  it("answers a missing file or a file refused as a whole with a file error, creating nothing", async () => {
    session.userId = api.uploader.id;
    const NO_FILE = { errors: { file: ["Choose a CSV file to upload (an empty file has no payment requests)."] }, result: null };
    expect(await upload(null)).toEqual(NO_FILE);
    expect(await upload(new Uint8Array(), "empty.csv")).toEqual(NO_FILE);
    expect(await upload(csv([HEADER]))).toEqual({ errors: { file: ["The file has a header but no rows: add one payment request per line."] }, result: null });
    expect(revalidated).toEqual([]);
  });

  it("sends a user who may not create to the not-allowed page, and a disabled one to the sign-in page, creating nothing", async () => {
    const file = csv([HEADER, "10,KWD,b@example.com,NOT-ALLOWED"]);
    session.userId = api.viewer.id;
    expect(redirectTarget(await refusal(upload(file)))).toBe("/admin/not-allowed");
    const clerk = await api.ctx.db.selectFrom("admin_users").select("id").where("username", "=", "clerk").executeTakeFirstOrThrow();
    await setAdminUserActive({ ctx: api.ctx, input: { id: clerk.id, active: false } });
    session.userId = clerk.id;
    expect(redirectTarget(await refusal(upload(file)))).toBe("/admin/login");
    session.userId = null;
    expect(redirectTarget(await refusal(upload(file)))).toBe("/admin/login");
    expect(await api.ctx.db.selectFrom("transactions").select("session_id").where("order_no", "=", "NOT-ALLOWED").execute()).toEqual([]);
  });

  it("is in the panel's navigation only for users who may create transactions", () => {
    const hrefs = (caller: typeof api.viewer) => panelSections(caller).map((s) => s.href);
    expect(hrefs(api.uploader)).toContain("/admin/bulk-payment-requests");
    expect(hrefs({ ...api.viewer, permissions: ["create"] })).toContain("/admin/bulk-payment-requests");
    expect(hrefs(api.viewer)).not.toContain("/admin/bulk-payment-requests");
  });
});
