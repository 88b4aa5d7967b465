import { beforeAll, describe, expect, it } from "vitest";
import { startCheckoutApi } from "../support/checkout-setup";
import { billingAddress, call, countRows, expectDetail, expectFieldError, files, minimal, multipart, type Part } from "../support/checkout-samples";

// Request bodies: JSON, form-urlencoded and multipart (with an attachment), size limits, unsupported and
// unparsable bodies, unknown keys and falsy values.

let api: Awaited<ReturnType<typeof startCheckoutApi>>;
beforeAll(async () => {
  api = await startCheckoutApi();
});

const CREATE = "/b/checkout/v1/pymt-txn/";
const post = (body: string | Buffer, contentType?: string, extra: Record<string, string> = {}) =>
  call(api.base, "POST", CREATE, {
    body,
    headers: { authorization: api.apiKey, ...(contentType === undefined ? {} : { "content-type": contentType }), ...extra },
  });
const postMultipart = (parts: Part[]) => {
  const { body, contentType } = multipart(parts);
  return post(body, contentType);
};
const fields = (values: Record<string, string | string[]>): Part[] =>
  Object.entries(values).flatMap(([name, v]) => (Array.isArray(v) ? v : [v]).map((value) => ({ name, value })));
const pdfPart = (filename = "invoice.pdf", content = files.pdf, contentType = "application/pdf"): Part => ({
  name: "attachment",
  filename,
  content,
  contentType,
});

/** Stored rows of transactions and attachments, to show that a refused request stored nothing. */
const rows = async () => [await countRows(api.ctx, "transactions"), await countRows(api.ctx, "attachments")];

describe("form-urlencoded", () => {
  it("makes lists of repeated keys and objects of bracketed keys", async () => {
    const form = new URLSearchParams([
      ["pg_codes", "card"],
      ["pg_codes", "knet"],
      ["amount", "86"],
      ["currency_code", "KWD"],
      ["customer_email", "sara@example.com"],
      ["billing_address[line1]", "Block 1"],
      ["billing_address[city]", "Kuwait City"],
      ["billing_address[state]", "Capital"],
      ["billing_address[country]", "kw"],
      ["billing_address[postal_code]", "13001"],
      ["notifications[email]", "paid"],
      ["notifications[email]", "Created"],
      ["extra[cart]", "c-1"],
    ]);
    const res = await post(form.toString(), "application/x-www-form-urlencoded");
    expect(res.status, res.text).toBe(201);
    expect(res.body.pg_codes).toEqual(["card", "knet"]);
    expect(res.body.amount).toBe("86.000");
    expect(res.body.billing_address).toEqual({ line1: "Block 1", city: "Kuwait City", state: "Capital", country: "KW", postal_code: "13001" });
    expect(res.body.notifications).toEqual({ email: ["paid", "created"], sms: [], whatsapp: [] });
    expect(res.body.extra).toEqual({ cart: "c-1" });
  });

  it("takes objects as JSON text, dotted keys and pg_codes[]", async () => {
    const form = new URLSearchParams([
      ["pg_codes[]", "card"],
      ["pg_codes[]", "knet"],
      ["amount", "1.5"],
      ["currency_code", "KWD"],
      ["customer_phone", "96550000000"],
      ["billing_address", JSON.stringify(billingAddress())],
      ["notifications", '{"SMS": ["paid"]}'],
      ["extra.source", "form"],
    ]);
    const res = await post(form.toString(), "application/x-www-form-urlencoded; charset=UTF-8");
    expect(res.status, res.text).toBe(201);
    expect(res.body.pg_codes).toEqual(["card", "knet"]);
    expect(res.body.billing_address).toEqual(billingAddress());
    expect(res.body.notifications.sms).toEqual(["paid"]);
    expect(res.body.extra).toEqual({ source: "form" });
  });

  it("reports field errors the same way as JSON", async () => {
    const res = await post("pg_codes=card&amount=-1&currency_code=KWD&billing_address[country]=XX", "application/x-www-form-urlencoded");
    expectFieldError(res, ["amount"], /greater than 0/);
    expectFieldError(res, ["billing_address", "country"], /ISO 3166-1 alpha-2/);
  });

  it("reads a JSON object sent under the form type, as `curl -d '{…}'` without -H Content-Type sends it", async () => {
    const res = await post(JSON.stringify(minimal({ amount: "7.5", extra: { via: "curl" } })), "application/x-www-form-urlencoded");
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ amount: "7.500", extra: { via: "curl" } });
    const broken = await post('{"amount": "7.5", ', "application/x-www-form-urlencoded");
    expectDetail(broken, 400, /starts like JSON but is not valid JSON \(it was sent as application\/x-www-form-urlencoded; send JSON with Content-Type: application\/json\)/);
  });

  it("ignores keys that would reach object prototypes", async () => {
    const res = await post("pg_codes=card&amount=1&currency_code=KWD&__proto__[admin]=1&extra[constructor][x]=1", "application/x-www-form-urlencoded");
    expect(res.status).toBe(201);
    expect(res.body.extra).toEqual({});
    expect(({} as Record<string, unknown>).admin).toBeUndefined();
  });
});

describe("multipart/form-data", () => {
  it("makes lists of repeated pg_codes and objects of billing_address[...] parts", async () => {
    const res = await postMultipart([
      ...fields({ pg_codes: ["card", "knet"], amount: "86", currency_code: "KWD", customer_email: "a@b.co" }),
      ...Object.entries(billingAddress({ country: "sa" })).map(([k, value]) => ({ name: `billing_address[${k}]`, value })),
      ...fields({ "notifications[email]": ["paid", "failed"] }),
    ]);
    expect(res.status, res.text).toBe(201);
    expect(res.body.pg_codes).toEqual(["card", "knet"]);
    expect(res.body.billing_address).toEqual(billingAddress({ country: "SA" }));
    expect(res.body.notifications.email).toEqual(["paid", "failed"]);
    expect(res.body.attachment).toBeNull();
  });

  it("takes billing_address as a JSON text part", async () => {
    const res = await postMultipart(fields({ pg_codes: "card", amount: "2", currency_code: "KWD", billing_address: JSON.stringify(billingAddress()) }));
    expect(res.status, res.text).toBe(201);
    expect(res.body.billing_address).toEqual(billingAddress());
  });

  it.each([
    ["invoice.pdf", files.pdf, "application/pdf"],
    ["INVOICE.PDF", files.pdf, "application/pdf"],
    ["scan.png", files.png, "image/png"],
    ["photo.jpg", files.jpeg, "image/jpeg"],
    ["photo.jpeg", files.jpeg, "image/jpeg"],
    ["letter.doc", files.doc, "application/msword"],
    ["letter.docx", files.docx, "application/vnd.openxmlformats-officedocument.wordprocessingml.document"],
  ])("stores attachment %s and serves its bytes back at the returned URL", async (filename, content, type) => {
    const res = await postMultipart([...fields({ pg_codes: "card", amount: "3", currency_code: "KWD" }), pdfPart(filename, content, "application/octet-stream")]);
    expect(res.status, res.text).toBe(201);
    const url = new URL(res.body.attachment);
    expect(url.pathname).toMatch(/^\/b\/checkout\/v1\/attachments\/[0-9a-f]{40}$/);

    const file = await fetch(`${api.base}${url.pathname}`);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe(type);
    expect(file.headers.get("x-content-type-options")).toBe("nosniff");
    expect(file.headers.get("content-disposition")).toContain(filename);
    expect(Buffer.from(await file.arrayBuffer()).equals(content)).toBe(true);

    const read = await api.send("GET", `/b/checkout/v1/pymt-txn/${res.body.session_id}`);
    expect(read.body.attachment).toBe(res.body.attachment);
  });

  it("takes a file name that carries a path (python clients send the path they opened)", async () => {
    const res = await postMultipart([...fields({ pg_codes: "card", amount: "3", currency_code: "KWD" }), pdfPart("/tmp/docs/invoice.v2.pdf")]);
    expect(res.status, res.text).toBe(201);
    const file = await fetch(`${api.base}${new URL(res.body.attachment).pathname}`);
    expect(file.headers.get("content-disposition")).not.toContain("/");
  });

  it.each([
    ["a .pdf name with PNG content", pdfPart("invoice.pdf", files.png), /must end in \.png/],
    ["garbage named .pdf", pdfPart("invoice.pdf", Buffer.from("hello, not a pdf")), /not an allowed type\. Allowed: pdf, jpeg, png, doc, docx/],
    ["a PDF named .exe", pdfPart("invoice.exe"), /must end in \.pdf/],
    ["a PDF without extension", pdfPart("invoice"), /must end in \.pdf/],
    ["a zip that is not a Word file named .docx", pdfPart("x.docx", Buffer.concat([Buffer.from("504b0304", "hex"), Buffer.alloc(40)])), /not an allowed type/],
    ["an HTML file", pdfPart("page.html", Buffer.from("<html><script>alert(1)</script></html>")), /Allowed: pdf, jpeg, png, doc, docx/],
    ["an empty file", pdfPart("invoice.pdf", Buffer.alloc(0)), /empty/],
    ["a file over 5 MiB", pdfPart("big.pdf", Buffer.concat([files.pdf, Buffer.alloc(5 * 1024 * 1024)])), /larger than 5 MiB/],
  ])("refuses %s and stores nothing", async (_name, part, pattern) => {
    const before = await rows();
    const res = await postMultipart([...fields({ pg_codes: "card", amount: "3", currency_code: "KWD" }), part]);
    expectFieldError(res, ["attachment"], pattern);
    expect(await rows()).toEqual(before);
  });

  it("stores no attachment when the transaction itself is refused", async () => {
    const before = await rows();
    const res = await postMultipart([...fields({ pg_codes: "nope", amount: "3", currency_code: "KWD" }), pdfPart()]);
    expectFieldError(res, ["pg_codes"], /Unknown gateway code/);
    expect(await rows()).toEqual(before);
  });

  it("answers 404 for an unknown attachment token", async () => {
    for (const token of ["0".repeat(40), "nope"]) {
      const res = await call(api.base, "GET", `/b/checkout/v1/attachments/${token}`);
      expectDetail(res, 404);
    }
  });

  it("answers 400 for a multipart body that cannot be parsed", async () => {
    expectDetail(await post("--x\r\nnot a part", "multipart/form-data; boundary=x"), 400, /multipart body could not be parsed/);
    expectDetail(await post("pg_codes=card", "multipart/form-data"), 400, /multipart/);
  });
});

describe("size limits", () => {
  it("refuses a JSON body over 1 MiB with 413", async () => {
    const body = JSON.stringify(minimal({ extra: { pad: "x".repeat(1024 * 1024) } }));
    const before = await rows();
    expectDetail(await post(body, "application/json"), 413, /larger than the limit of 1 MiB/);
    expect(await rows()).toEqual(before);
  });

  it("takes a JSON body just under 1 MiB (parsed, then judged by its fields)", async () => {
    const body = JSON.stringify(minimal({ ignored: "x".repeat(1024 * 1024 - 200) }));
    expect(body.length).toBeLessThan(1024 * 1024);
    expect((await post(body, "application/json")).status).toBe(201);
  });

  it("refuses a form body over 1 MiB with 413", async () => {
    expectDetail(await post(`pg_codes=card&amount=1&currency_code=KWD&pad=${"x".repeat(1024 * 1024)}`, "application/x-www-form-urlencoded"), 413);
  });

  it("refuses a multipart body over 10 MiB with 413", async () => {
    const res = await postMultipart([...fields({ pg_codes: "card", amount: "1", currency_code: "KWD" }), pdfPart("big.pdf", Buffer.concat([files.pdf, Buffer.alloc(10 * 1024 * 1024)]))]);
    expectDetail(res, 413, /10 MiB/);
  });

  it("counts the bytes of a body sent without Content-Length", async () => {
    const chunk = new TextEncoder().encode("x".repeat(64 * 1024));
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent++ < 20) controller.enqueue(chunk);
        else controller.close();
      },
    });
    const res = await fetch(`${api.base}${CREATE}`, {
      method: "POST",
      headers: { authorization: api.apiKey, "content-type": "application/json" },
      body: stream,
      duplex: "half",
    } as RequestInit);
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ detail: expect.stringMatching(/1 MiB/) });
  });
});

describe("unsupported and unparsable bodies", () => {
  it.each(["text/plain", "application/xml", "application/octet-stream", "image/png", "text/csv"])(
    "answers 415 for %s, naming the supported types",
    async (type) => {
      expectDetail(await post("pg_codes=card", type), 415, /application\/json, application\/x-www-form-urlencoded or multipart\/form-data/);
    },
  );

  it.each(["{", '{"amount": 1,}', "{'amount': 1}", "amount=1", '{"a":1}}', "\u00ff"])("answers 400 for malformed JSON %j", async (body) => {
    expectDetail(await post(body, "application/json"), 400, /not valid JSON/);
  });

  it("answers 400 for JSON that is not UTF-8", async () => {
    expectDetail(await post(Buffer.from([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x3a, 0x31, 0x7d]), "application/json"), 400, /not valid JSON/);
  });

  it.each(["[]", JSON.stringify([minimal()]), '"text"', "42", "null", "true"])("answers 400 for JSON %s: not an object", async (body) => {
    expectDetail(await post(body, "application/json"), 400, /must be an object/);
  });

  it("reads a body without Content-Type as JSON", async () => {
    // Bytes, because fetch labels a string body text/plain.
    expect((await post(Buffer.from(JSON.stringify(minimal())))).status).toBe(201);
    expectDetail(await post(Buffer.from("pg_codes=card")), 400, /Content-Type: application\/json/);
  });

  it.each(["application/json; charset=utf-8", "Application/JSON", "application/vnd.api+json"])("reads %s as JSON", async (type) => {
    expect((await post(JSON.stringify(minimal()), type)).status).toBe(201);
  });

  it("answers field errors for an empty body", async () => {
    const res = await post("", "application/json");
    expect(res.status).toBe(400);
    expect(Object.keys(res.body).sort()).toEqual(["amount", "currency_code", "pg_codes"]);
  });

  it("refuses bodies nested deeper than 32 levels before walking them", async () => {
    const nest = (levels: number) => {
      let v = '"x"';
      for (let i = 0; i < levels; i++) v = `{"a":${v}}`;
      return v;
    };
    const deep = `{"pg_codes":["card"],"amount":"1","currency_code":"KWD","extra":${nest(100_000)}}`;
    const before = await rows();
    expectDetail(await post(deep, "application/json"), 400, /nested too deeply; at most 32 levels/);
    expectDetail(await post(`{"junk":${"[".repeat(200_000)}${"]".repeat(200_000)}}`, "application/json", { "idempotency-key": "deep" }), 400, /nested too deeply/);
    expectDetail(await post(`pg_codes=card&amount=1&currency_code=KWD&extra${"[a]".repeat(50)}=1`, "application/x-www-form-urlencoded"), 400, /nested too deeply/);
    expect(await rows()).toEqual(before);

    const fine = await post(`{"pg_codes":["card"],"amount":"1","currency_code":"KWD","extra":${nest(20)}}`, "application/json");
    expect(fine.status).toBe(201);
  });
});

describe("what clients leave out or add", () => {
  it("ignores unknown keys, including read-only fields of the representation", async () => {
    const res = await api.create(
      minimal({
        include_sdk_setup_preload: true,
        generate_qr_code: false,
        shortify_checkout_url: true,
        session_id: "0".repeat(40),
        state: "paid",
        operation: "authorize",
        checkout_url: "https://evil.example",
        payment_methods: [{ code: "x" }],
        paid_amount: "10",
        "": "blank key",
      }),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.session_id).not.toBe("0".repeat(40));
    expect(res.body).toMatchObject({ state: "created", operation: "purchase", paid_amount: "0.000" });
    expect(res.body.checkout_url).not.toContain("evil");
    expect(res.body).toMatchObject({ payment_type: "one_off", agreement: null });
  });

  it("treats null and empty values as not given, so the defaults apply", async () => {
    const res = await api.create(
      minimal({
        type: null,
        mode: "",
        language: "",
        expiration_time: null,
        customer_email: "",
        customer_phone: null,
        billing_address: "",
        order_no: "",
        notifications: null,
        webhook_url: "",
        redirect_url: null,
        email_recipients: "",
        extra: null,
        vendor_name: "",
      }),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({
      type: "e_commerce",
      mode: "payment",
      language: "en",
      expiration_time: "01:00:00",
      customer_email: null,
      customer_phone: null,
      billing_address: null,
      order_no: null,
      notifications: { email: [], sms: [] },
      webhook_url: null,
      redirect_url: null,
      email_recipients: [],
      extra: {},
      vendor_name: null,
    });
  });

  it("does not read falsy false or 0 as a value (they are refused where meaningless)", async () => {
    expectFieldError(await api.create(minimal({ amount: 0 })), ["amount"], /greater than 0/);
    expectFieldError(await api.create(minimal({ language: false })), ["language"], /Allowed languages/);
  });
});
