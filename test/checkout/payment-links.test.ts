import QRCode from "qrcode";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { loadPaymentPage } from "@/lib/checkout/checkout-page/load-payment-page";
import { env } from "@/lib/core/env";
import { startCheckoutApi } from "../support/checkout-setup";
import { call, countRows, expectFieldError, files, formFields, minimal, sendMultipart, setState, txnPath } from "../support/checkout-samples";
import { decodeQrPng, decodeQrSvg, svgModules } from "../support/qr-images";

// Payment links over HTTP: generate_qr_code, shortify_checkout_url and shortify_attachment_url on create, PATCH and
// PUT; the short links (/b/{code}) and QR code images (PNG and SVG) they make; what an unknown, deleted or
// finished one answers.

// Codes are random; a test may queue the ones the service draws next (to make one collide with a taken code).
const drawn = vi.hoisted(() => ({ queue: [] as string[] }));
vi.mock("@/lib/checkout/links/link-code", async (original) => {
  const actual = await original<typeof import("@/lib/checkout/links/link-code")>();
  return { ...actual, newLinkCode: () => drawn.queue.shift() ?? actual.newLinkCode() };
});

let api: Awaited<ReturnType<typeof startCheckoutApi>>;
beforeAll(async () => {
  api = await startCheckoutApi();
});

const CREATE = "/b/checkout/v1/pymt-txn/";
const TINY = { pg_codes: "card", amount: "10", currency_code: "KWD" };
const CODE = "[0-9A-Za-z]{12}";
const SHORT = new RegExp(`^${env.APP_URL}/b/(${CODE})$`);
const QR = new RegExp(`^${env.APP_URL}/b/checkout/v1/qr/(${CODE})\\.png$`);

const create = async (extra: Record<string, unknown> = {}) => {
  const res = await api.create(minimal(extra));
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
};
const patch = (id: string, body: unknown) => api.send("PATCH", txnPath(id), body);
const put = (id: string, body: unknown) => api.send("PUT", txnPath(id), body);
const read = async (id: string) => (await api.send("GET", txnPath(id))).body;
/** A URL of this service, fetched from the test server without following a redirect. */
const get = (url: string, headers: Record<string, string> = {}) =>
  fetch(`${api.base}${new URL(url).pathname}`, { redirect: "manual", headers });
const pathOf = (url: string) => new URL(url).pathname;
const codeOf = (url: string) => pathOf(url).split("/").pop()!.replace(/\.(png|svg)$/, "");
const deleteTransaction = (sessionId: string) => api.send("POST", "/b/pbl/v2/operation/", { operation: "delete", session_id: sessionId });

describe("the link fields of the representation", () => {
  it("are null when no link was asked for, on create and read", async () => {
    const t = await create();
    expect(t).toMatchObject({ checkout_short_url: null, qr_code_url: null, attachment_short_url: null });
    expect(await read(t.session_id)).toMatchObject({ checkout_short_url: null, qr_code_url: null, attachment_short_url: null });
  });

  it("create makes the short link and the QR code asked for, shown the same by GET", async () => {
    const t = await create({ generate_qr_code: true, shortify_checkout_url: true });
    expect(t.checkout_short_url).toMatch(SHORT);
    expect(t.qr_code_url).toMatch(QR);
    expect(t.attachment_short_url).toBeNull();
    expect(codeOf(t.qr_code_url)).not.toBe(codeOf(t.checkout_short_url));
    const again = await read(t.session_id);
    expect(again).toMatchObject({ checkout_short_url: t.checkout_short_url, qr_code_url: t.qr_code_url });
  });

  it("codes are 12 base62 characters with a digit and a capital letter, never a path word under /b/", async () => {
    const codes = new Set<string>();
    for (let i = 0; i < 5; i++) {
      const t = await create({ shortify_checkout_url: true, generate_qr_code: true });
      for (const url of [t.checkout_short_url, t.qr_code_url]) codes.add(codeOf(url));
    }
    expect(codes.size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^(?=.*\d)(?=.*[A-Z])[0-9A-Za-z]{12}$/);
  });

  it("accepts the flags as form text, as ottu-py's multipart create sends them", async () => {
    const flags = { generate_qr_code: "true", shortify_checkout_url: "True", shortify_attachment_url: "false" };
    const res = await sendMultipart(api.base, "POST", CREATE, api.apiKey, formFields({ ...TINY, ...flags }));
    expect(res.status, res.text).toBe(201);
    expect(res.body.checkout_short_url).toMatch(SHORT);
    expect(res.body.qr_code_url).toMatch(QR);
    expect(res.body.attachment_short_url).toBeNull();
  });

  it("refuses a flag that is not a boolean, with the other field errors, and stores nothing", async () => {
    const before = await countRows(api.ctx, "transactions");
    const res = await api.create(minimal({ generate_qr_code: "maybe", shortify_checkout_url: [1], amount: "-1" }));
    expectFieldError(res, ["generate_qr_code"], /true or false/);
    expectFieldError(res, ["shortify_checkout_url"], /true or false/);
    expectFieldError(res, ["amount"], /./);
    expect(await countRows(api.ctx, "transactions")).toBe(before);
  });
});

describe("short links", () => {
  it("redirect to checkout_url (302, not cached), with or without a trailing slash, for GET and HEAD", async () => {
    const t = await create({ shortify_checkout_url: true });
    for (const path of [pathOf(t.checkout_short_url), `${pathOf(t.checkout_short_url)}/`]) {
      for (const method of ["GET", "HEAD"]) {
        const res = await fetch(`${api.base}${path}`, { method, redirect: "manual" });
        expect(res.status, `${method} ${path}`).toBe(302);
        expect(res.headers.get("location")).toBe(t.checkout_url);
        expect(res.headers.get("cache-control")).toBe("no-store");
      }
    }
  });

  it("of an expired or paid transaction still lead to its checkout page, which shows the state", async () => {
    const t = await create({ shortify_checkout_url: true });
    await setState(api.ctx, t.session_id, "expired");
    const res = await get(t.checkout_short_url);
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(t.checkout_url);
    const sessionId = new URL(res.headers.get("location")!).searchParams.get("session_id")!;
    expect((await loadPaymentPage({ ctx: api.ctx, input: { sessionId } }))?.kind).toBe("expired");

    const paid = await create({ shortify_checkout_url: true });
    await setState(api.ctx, paid.session_id, "paid");
    const followed = await get(paid.checkout_short_url);
    expect(followed.headers.get("location")).toBe(paid.checkout_url);
    expect((await loadPaymentPage({ ctx: api.ctx, input: { sessionId: paid.session_id } }))?.kind).toBe("finished");
  });

  it("an unknown code: a 404 HTML page, not JSON; another one-segment address under /b/ stays the API's JSON 404", async () => {
    for (const code of ["Zz9Zz9Zz9Zz9", "A1aaaaaaaaaa"]) {
      const res = await call(api.base, "GET", `/b/${code}`);
      expect(res.status).toBe(404);
      expect(res.headers.get("content-type")).toBe("text/html; charset=utf-8");
      expect(res.text).toContain("<h1>Link not found</h1>");
      expect(res.text).toContain('lang="ar"');
      expect(res.body).toBeUndefined();
    }
    for (const path of ["/b/nope", "/b/checkout", "/b/pbl", "/b/abcdefghijkl", "/b/ABCDEFGHIJK1x"]) {
      for (const method of ["GET", "POST", "DELETE"]) {
        const res = await call(api.base, method, path, { headers: { "content-type": "application/json" }, body: method === "GET" ? undefined : "{}" });
        expect(res.status, `${method} ${path}`).toBe(404);
        expect(res.body, `${method} ${path}`).toEqual({ detail: "Not found." });
      }
    }
  });

  it("a QR code's code is not a short link, and a short link takes only GET and HEAD", async () => {
    const t = await create({ generate_qr_code: true, shortify_checkout_url: true });
    const qr = await call(api.base, "GET", `/b/${codeOf(t.qr_code_url)}`);
    expect(qr.status).toBe(404);
    expect(qr.text).toContain("Link not found");
    const post = await call(api.base, "POST", pathOf(t.checkout_short_url), { headers: { "content-type": "application/json" }, body: "{}" });
    expect(post.status).toBe(405);
    expect(post.headers.get("allow")).toBe("GET, HEAD");
  });

  it("of a deleted transaction: the 404 page", async () => {
    const t = await create({ shortify_checkout_url: true });
    expect((await deleteTransaction(t.session_id)).status).toBe(200);
    const res = await get(t.checkout_short_url);
    expect(res.status).toBe(404);
    expect(await res.text()).toContain("Link not found");
  });
});

describe("QR codes", () => {
  it("a PNG encoding the short link when there is one, cacheable, with its SVG beside it", async () => {
    const t = await create({ generate_qr_code: true, shortify_checkout_url: true });
    const res = await get(t.qr_code_url);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/png");
    expect(res.headers.get("cache-control")).toBe("public, max-age=3600");
    expect(res.headers.get("etag")).toMatch(/^"[\w-]{22}"$/);
    expect(res.headers.get("content-disposition")).toBe(`inline; filename="payment-link-${codeOf(t.qr_code_url)}.png"`);
    const png = Buffer.from(await res.arrayBuffer());
    expect(png.subarray(0, 8).toString("hex")).toBe("89504e470d0a1a0a");
    expect(decodeQrPng(png)).toBe(t.checkout_short_url);

    const svg = await get(t.qr_code_url.replace(/\.png$/, ".svg"));
    expect(svg.status).toBe(200);
    expect(svg.headers.get("content-type")).toBe("image/svg+xml");
    expect(svg.headers.get("content-security-policy")).toContain("default-src 'none'");
    const text = await svg.text();
    expect(text).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    expect(decodeQrSvg(text)).toBe(t.checkout_short_url);
    // The very modules qrcode computes for the short link, inside a 4-module quiet zone.
    const { modules } = QRCode.create(t.checkout_short_url, { errorCorrectionLevel: "M" });
    const expected = Array.from({ length: modules.size }, (_, row) => Array.from({ length: modules.size }, (_, col) => modules.get(row, col) === 1));
    expect(svgModules(text).slice(4, -4).map((row) => row.slice(4, -4))).toEqual(expected);
  });

  it("encodes checkout_url when no short link was asked for", async () => {
    const t = await create({ generate_qr_code: true });
    expect(t.checkout_short_url).toBeNull();
    const res = await get(t.qr_code_url);
    expect(decodeQrPng(Buffer.from(await res.arrayBuffer()))).toBe(t.checkout_url);
  });

  it("answers 304 to a client whose copy is current", async () => {
    const t = await create({ generate_qr_code: true });
    const etag = (await get(t.qr_code_url)).headers.get("etag")!;
    const again = await get(t.qr_code_url, { "if-none-match": etag });
    expect(again.status).toBe(304);
    expect(again.headers.get("etag")).toBe(etag);
    expect((await get(t.qr_code_url, { "if-none-match": '"other"' })).status).toBe(200);
  });

  it("of a deleted transaction, an unknown code or a malformed address: 404", async () => {
    const t = await create({ generate_qr_code: true });
    expect((await get(t.qr_code_url)).status).toBe(200);
    expect((await deleteTransaction(t.session_id)).status).toBe(200);
    for (const url of [t.qr_code_url, t.qr_code_url.replace(/\.png$/, ".svg")]) {
      const res = await call(api.base, "GET", pathOf(url));
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ detail: "Not found." });
      expect(res.headers.get("cache-control")).toBe("no-store");
    }
    const other = await create({ generate_qr_code: true, shortify_checkout_url: true });
    const code = codeOf(other.qr_code_url);
    for (const file of ["Zz9Zz9Zz9Zz9.png", `${code}.gif`, code, `${code}.png.png`, `${codeOf(other.checkout_short_url)}.png`, "..%2F.png"]) {
      expect((await call(api.base, "GET", `/b/checkout/v1/qr/${file}`)).status, file).toBe(404);
    }
  });
});

describe("turning links on later, with PATCH and PUT", () => {
  it("PATCH makes the links then; asking again keeps the same codes; false takes nothing away", async () => {
    const t = await create({ order_no: "links-patch" });
    const first = await patch(t.session_id, { generate_qr_code: true });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.qr_code_url).toMatch(QR);
    expect(first.body.checkout_short_url).toBeNull();
    // The QR code encodes checkout_url until a short link exists, then the short link (a new tag for caches).
    const before = await get(first.body.qr_code_url);
    expect(decodeQrPng(Buffer.from(await before.arrayBuffer()))).toBe(t.checkout_url);

    const second = await patch(t.session_id, { shortify_checkout_url: true, generate_qr_code: true });
    expect(second.body.qr_code_url).toBe(first.body.qr_code_url);
    expect(second.body.checkout_short_url).toMatch(SHORT);
    const after = await get(second.body.qr_code_url);
    expect(decodeQrPng(Buffer.from(await after.arrayBuffer()))).toBe(second.body.checkout_short_url);
    expect(after.headers.get("etag")).not.toBe(before.headers.get("etag"));

    const third = await patch(t.session_id, { shortify_checkout_url: false, generate_qr_code: "off", amount: "11" });
    expect(third.status).toBe(200);
    expect(third.body).toMatchObject({ amount: "11.000", checkout_short_url: second.body.checkout_short_url, qr_code_url: first.body.qr_code_url });
    expect(await read(t.session_id)).toMatchObject({ checkout_short_url: second.body.checkout_short_url, qr_code_url: first.body.qr_code_url });
  });

  it("PUT takes the flags too, and one without them keeps the links", async () => {
    const t = await create();
    const res = await put(t.session_id, minimal({ shortify_checkout_url: true }));
    expect(res.status).toBe(200);
    expect(res.body.checkout_short_url).toMatch(SHORT);
    const again = await put(t.session_id, minimal({ amount: "12", shortify_checkout_url: true, generate_qr_code: true }));
    expect(again.body.checkout_short_url).toBe(res.body.checkout_short_url);
    expect(again.body.qr_code_url).toMatch(QR);
    const plain = await put(t.session_id, minimal());
    expect(plain.body).toMatchObject({ checkout_short_url: res.body.checkout_short_url, qr_code_url: again.body.qr_code_url });
  });

  it("a refused PATCH makes no link", async () => {
    const t = await create();
    const res = await patch(t.session_id, { shortify_checkout_url: true, currency_code: "XXX" });
    expect(res.status).toBe(400);
    expect(await read(t.session_id)).toMatchObject({ checkout_short_url: null });
    expect(await api.ctx.db.selectFrom("link_codes").select("code").where("session_id", "=", t.session_id).execute()).toEqual([]);
  });

  it("a finished transaction cannot be changed, so no link is added to it (409)", async () => {
    const t = await create();
    await setState(api.ctx, t.session_id, "paid");
    expect((await patch(t.session_id, { shortify_checkout_url: true })).status).toBe(409);
  });
});

describe("short links to the attachment", () => {
  const createWithAttachment = (fields: Record<string, string>) =>
    sendMultipart(api.base, "POST", CREATE, api.apiKey, [
      ...formFields({ ...TINY, ...fields }),
      { name: "attachment", filename: "invoice.pdf", contentType: "application/pdf", content: files.pdf },
    ]);

  it("redirect to the attachment, which follows a new one given later", async () => {
    const res = await createWithAttachment({ shortify_attachment_url: "true" });
    expect(res.status, res.text).toBe(201);
    expect(res.body.attachment_short_url).toMatch(SHORT);
    expect(res.body.checkout_short_url).toBeNull();
    const followed = await get(res.body.attachment_short_url);
    expect(followed.status).toBe(302);
    expect(followed.headers.get("location")).toBe(res.body.attachment);
    const file = await get(followed.headers.get("location")!);
    expect(Buffer.from(await file.arrayBuffer()).equals(files.pdf)).toBe(true);

    const png = { name: "attachment", filename: "scan.png", contentType: "image/png", content: files.png };
    const changed = await sendMultipart(api.base, "PATCH", txnPath(res.body.session_id), api.apiKey, [png]);
    expect(changed.body.attachment).not.toBe(res.body.attachment);
    expect(changed.body.attachment_short_url).toBe(res.body.attachment_short_url);
    expect((await get(res.body.attachment_short_url)).headers.get("location")).toBe(changed.body.attachment);
  });

  it("need an attachment: refused without one, nothing stored; PATCH may ask once the transaction has one", async () => {
    const before = await countRows(api.ctx, "transactions");
    const res = await api.create(minimal({ shortify_attachment_url: true }));
    expectFieldError(res, ["shortify_attachment_url"], /no attachment/);
    expect(await countRows(api.ctx, "transactions")).toBe(before);

    const t = await create();
    expectFieldError(await patch(t.session_id, { shortify_attachment_url: true }), ["shortify_attachment_url"], /no attachment/);
    const created = await createWithAttachment({});
    const later = await patch(created.body.session_id, { shortify_attachment_url: true });
    expect(later.status).toBe(200);
    expect(later.body.attachment_short_url).toMatch(SHORT);
  });
});

describe("code collisions", () => {
  it("a code already taken is drawn again, on create and on PATCH", async () => {
    const taken = await create({ shortify_checkout_url: true });
    const code = codeOf(taken.checkout_short_url);
    drawn.queue.push(code, "Fresh1Code2A");
    const t = await create({ shortify_checkout_url: true });
    expect(t.checkout_short_url).toBe(`${env.APP_URL}/b/Fresh1Code2A`);
    expect((await read(t.session_id)).checkout_short_url).toBe(t.checkout_short_url);

    const other = await create();
    drawn.queue.push(code);
    const res = await patch(other.session_id, { shortify_checkout_url: true });
    expect(res.status).toBe(200);
    expect(codeOf(res.body.checkout_short_url)).not.toBe(code);
    expect((await get(taken.checkout_short_url)).headers.get("location")).toBe(taken.checkout_url);
  });
});
