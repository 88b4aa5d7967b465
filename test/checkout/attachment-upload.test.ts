import { beforeAll, describe, expect, it } from "vitest";
import { createAdminUser } from "@/lib/access/admin-users/create-admin-user";
import { env } from "@/lib/core/env";
import { uploadAnswerSchema } from "@/lib/openapi/link-paths";
import { startCheckoutApi } from "../support/checkout-setup";
import { call, countRows, expectDetail, expectFieldError, files, fileTypes, formFields, minimal, multipart, sendMultipart, txnPath, type Part } from "../support/checkout-samples";

// POST /b/checkout/v1/upload-attachment/: a file stored ahead of the transaction (at most 2.5 MiB, the attachment
// types), its URL then given to create, PATCH or PUT as attachment_upload_url. A refusal stores nothing.

let api: Awaited<ReturnType<typeof startCheckoutApi>>;
beforeAll(async () => {
  api = await startCheckoutApi();
  // A panel user who may read and refund but neither create nor update.
  await createAdminUser({ ctx: api.ctx, input: { username: "viewer", password: "viewer-password", gatewayCodes: ["card"], permissions: ["refund"] } });
});

const UPLOAD = "/b/checkout/v1/upload-attachment/";
const MiB = 1024 * 1024;

const upload = (parts: Part[], headers: Record<string, string> = {}) => {
  const form = multipart(parts);
  return call(api.base, "POST", UPLOAD, { body: form.body, headers: { authorization: api.apiKey, "content-type": form.contentType, ...headers } });
};
const TINY = { pg_codes: "card", amount: "10", currency_code: "KWD" };
const file = (filename: string, content: Buffer, contentType = "application/octet-stream"): Part => ({ name: "attachment", filename, contentType, content });
/** A PDF of exactly `size` bytes (its first bytes are what the type check reads). */
const pdfOf = (size: number) => Buffer.concat([files.pdf, Buffer.alloc(size - files.pdf.length, 0x20)]);
const attachments = () => countRows(api.ctx, "attachments");

describe("uploading an attachment", () => {
  const kinds = (Object.keys(files) as (keyof typeof files)[]).map((ext) => [`upload.${ext}`, files[ext], fileTypes[ext]] as const);
  it.each(kinds)("stores %s and answers 201 with the URL that serves it back", async (name, content, type) => {
    const res = await upload([file(name, content)]);
    expect(res.status, res.text).toBe(201);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(res.body).toEqual({
      attachment_upload_url: expect.stringMatching(new RegExp(`^${env.APP_URL}/b/checkout/v1/attachments/[0-9a-f]{40}$`)),
      file_name: name,
      content_type: type,
      size: content.length,
    });
    uploadAnswerSchema.parse(res.body); // as the OpenAPI document describes it
    const served = await fetch(`${api.base}${new URL(res.body.attachment_upload_url).pathname}`);
    expect(served.headers.get("content-type")).toBe(type);
    expect(Buffer.from(await served.arrayBuffer()).equals(content)).toBe(true);
  });

  it("takes a file of exactly 2.5 MiB, and with Basic credentials of a user who may create", async () => {
    expect((await upload([file("big.pdf", pdfOf(2.5 * MiB))])).status).toBe(201);
    expect((await upload([file("a.pdf", files.pdf)], { authorization: api.basic })).status).toBe(201);
  });

  it.each([
    ["a file over 2.5 MiB", [file("big.pdf", pdfOf(2.5 * MiB + 1))], /larger than 2\.5 MiB/],
    ["content of another type", [file("notes.txt", Buffer.from("just text"))], /not an allowed type.*pdf, jpeg, png, doc, docx/],
    ["a name that does not fit the content", [file("invoice.exe", files.pdf)], /must end in \.pdf/],
    ["an empty file", [file("empty.pdf", Buffer.alloc(0))], /empty/],
    ["no attachment part", [{ name: "file", filename: "a.pdf", contentType: "application/pdf", content: files.pdf }], /part named attachment/],
  ])("refuses %s with a field error on attachment, storing nothing", async (_what, parts, pattern) => {
    const before = await attachments();
    expectFieldError(await upload(parts as Part[]), ["attachment"], pattern);
    expect(await attachments()).toBe(before);
  });

  it("refuses a body far over the limit with 413 before reading it all", async () => {
    const before = await attachments();
    expectDetail(await upload([file("huge.pdf", pdfOf(4 * MiB))]), 413, /larger than the limit/);
    expect(await attachments()).toBe(before);
  });

  it("takes only multipart: JSON or a form body is a 415", async () => {
    const json = await call(api.base, "POST", UPLOAD, { body: "{}", headers: { authorization: api.apiKey, "content-type": "application/json" } });
    expectDetail(json, 415, /multipart\/form-data.*attachment/);
    const form = await call(api.base, "POST", UPLOAD, { body: "a=b", headers: { authorization: api.apiKey, "content-type": "application/x-www-form-urlencoded" } });
    expectDetail(form, 415);
  });

  it("needs the credentials of create: none is 401, a user who may neither create nor update is 403", async () => {
    const before = await attachments();
    expectDetail(await upload([file("a.pdf", files.pdf)], { authorization: "" }), 401);
    expectDetail(await upload([file("a.pdf", files.pdf)], { authorization: "Api-Key wrong" }), 401);
    const viewer = `Basic ${Buffer.from("viewer:viewer-password").toString("base64")}`;
    expectDetail(await upload([file("a.pdf", files.pdf)], { authorization: viewer }), 403, /create or update/);
    expect(await attachments()).toBe(before);
  });

  it("answers 405 to other methods", async () => {
    const res = await call(api.base, "GET", UPLOAD, { headers: { authorization: api.apiKey } });
    expect(res.status).toBe(405);
    expect(res.headers.get("allow")).toBe("POST");
  });
});

describe("attachment_upload_url on create, PATCH and PUT", () => {
  const uploaded = async (name = "invoice.pdf", content = files.pdf) => {
    const res = await upload([file(name, content)]);
    expect(res.status).toBe(201);
    return res.body.attachment_upload_url as string;
  };

  it("create attaches the uploaded file: shown as attachment, with a short link when asked", async () => {
    const url = await uploaded();
    const before = await attachments();
    const res = await api.create(minimal({ attachment_upload_url: url, shortify_attachment_url: true }));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.attachment).toBe(url);
    expect(res.body).not.toHaveProperty("attachment_upload_url");
    expect((await api.send("GET", txnPath(res.body.session_id))).body.attachment).toBe(url);
    expect(await attachments()).toBe(before); // the upload itself, not a copy
    const followed = await fetch(`${api.base}${new URL(res.body.attachment_short_url).pathname}`, { redirect: "manual" });
    expect(followed.headers.get("location")).toBe(url);
  });

  it("PATCH and PUT attach one too", async () => {
    const t = (await api.create(minimal())).body;
    const first = await uploaded("a.png", files.png);
    const patched = await api.send("PATCH", txnPath(t.session_id), { attachment_upload_url: first });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    expect(patched.body.attachment).toBe(first);
    const second = await uploaded("b.pdf");
    const replaced = await api.send("PUT", txnPath(t.session_id), minimal({ attachment_upload_url: second }));
    expect(replaced.body.attachment).toBe(second);
  });

  it.each([
    ["an unknown token", () => `${env.APP_URL}/b/checkout/v1/attachments/${"0".repeat(40)}`],
    ["another site's address", () => `https://elsewhere.example/b/checkout/v1/attachments/${"a".repeat(40)}`],
    ["another path", () => `${env.APP_URL}/b/checkout/v1/pymt-txn/${"a".repeat(40)}`],
  ])("refuses %s with a field error, creating nothing", async (_what, url) => {
    const before = await countRows(api.ctx, "transactions");
    const res = await api.create(minimal({ attachment_upload_url: url(), amount: "0" }));
    expectFieldError(res, ["attachment_upload_url"], /upload-attachment/);
    expectFieldError(res, ["amount"], /greater than 0/);
    expect(await countRows(api.ctx, "transactions")).toBe(before);
  });

  it("refuses a URL that is not a URL, and a file part beside it", async () => {
    expectFieldError(await api.create(minimal({ attachment_upload_url: "invoice.pdf" })), ["attachment_upload_url"], /absolute URL/);
    const url = await uploaded();
    const before = [await countRows(api.ctx, "transactions"), await attachments()];
    const parts = [...formFields({ ...TINY, attachment_upload_url: url }), file("other.pdf", files.pdf, "application/pdf")];
    const res = await sendMultipart(api.base, "POST", "/b/checkout/v1/pymt-txn/", api.apiKey, parts);
    expectFieldError(res, ["attachment_upload_url"], /not both/);
    expect([await countRows(api.ctx, "transactions"), await attachments()]).toEqual(before);
  });
});
