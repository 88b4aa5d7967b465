import { describe, expect, it } from "vitest";
import { Forbidden, ValidationFailed } from "@/lib/core/errors";
import { MAX_BULK_FILE_BYTES, MAX_BULK_ROWS } from "@/lib/legacy/bulk/bulk-limits";
import { bulkRequiredColumns } from "@/lib/legacy/bulk/bulk-required-columns";
import { updateSettings } from "@/lib/config/settings/update-settings";
import { createBulkPaymentRequests } from "@/lib/legacy/bulk/create-bulk-payment-requests";
import { csv, startBulk } from "../support/legacy-bulk";

// Bulk payment requests from a CSV (docs/legacy/bulk.md), on a real database: each valid line a legacy payment
// request under one bulk_id, invalid lines reported and not created, and a file never creating a line twice.

const api = await startBulk();
const upload = (bytes: Uint8Array, caller = api.uploader, name = "requests.csv") =>
  createBulkPaymentRequests({ ctx: api.ctx, input: { caller, file: { name, bytes } } });

/** The `file` error a whole file is refused with. */
async function fileError(bytes: Uint8Array): Promise<string[]> {
  const error = await upload(bytes).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(ValidationFailed);
  return (error as ValidationFailed).fields.file as string[];
}

const HEADER = "amount,currency_code,customer_email,order_no,initiator";

describe("a file of valid and invalid rows", () => {
  it("creates the valid rows under one bulk_id and reports the invalid lines with their errors, creating nothing of them", async () => {
    const file = csv([
      HEADER,
      "10,KWD,a@example.com,MIX-1,",
      "-5,KWD,b@example.com,MIX-2,",
      `12.5,KWD,c@example.com,MIX-3,${api.initiatorId}`,
      "7,XXX,not-an-email,MIX-4,",
      `3,KWD,d@example.com,MIX-5,${api.disabledId}`,
    ]);
    const result = await upload(file);

    expect(result.bulk_id).toMatch(/^[0-9a-f]{32}$/);
    expect(result.counts).toEqual({ rows: 5, created: 2, already_created: 0, invalid: 3 });
    expect(result.created.map((r) => r.line)).toEqual([2, 4]);
    for (const row of result.created) expect(row.checkout_url).toBe(`http://localhost:9/b/checkout/redirect/start/?session_id=${row.session_id}`);
    expect(result.invalid).toEqual([
      { line: 3, errors: { amount: [expect.stringMatching(/greater than|positive/i)] } },
      { line: 5, errors: expect.objectContaining({ customer_email: ["Enter a valid email address."], currency_code: expect.any(Array) }) },
      { line: 6, errors: { initiator: [`No active admin user has the id ${api.disabledId}.`] } },
    ]);

    const rows = await api.bulkRows(result.bulk_id);
    expect(rows.map((r) => r.order_no).sort()).toEqual(["MIX-1", "MIX-3"]);
    for (const row of rows) {
      expect(row).toMatchObject({ interface: "legacy", type: "payment_request", created_by_user_id: api.uploader.id });
      expect(row.legacy).toMatchObject({ variant: "payment_request", bulk_id: result.bulk_id });
    }
    // An empty initiator cell: the uploader initiates the row.
    expect(rows.find((r) => r.order_no === "MIX-1")!.legacy).toMatchObject({ initiator: api.uploader.id, bulk_line: 2 });
    expect(rows.find((r) => r.order_no === "MIX-3")!.legacy).toMatchObject({ initiator: api.initiatorId, bulk_line: 4 });
  });

  it("without an initiator column the uploader initiates every row", async () => {
    const result = await upload(csv(["amount,currency_code,customer_email", "4,KWD,e@example.com"]));
    expect(result.counts.created).toBe(1);
    const [row] = await api.bulkRows(result.bulk_id);
    expect(row!.legacy).toMatchObject({ initiator: api.uploader.id, bulk_line: 2 });
  });

  it("a row with too few or too many cells is an invalid line", async () => {
    const result = await upload(csv(["amount,currency_code,customer_email", "4,KWD", "5,KWD,f@example.com,extra"]));
    expect(result.invalid).toEqual([
      { line: 2, errors: { non_field_errors: ["This line has 2 cells; the header has 3."] } },
      { line: 3, errors: { non_field_errors: ["This line has 4 cells; the header has 3."] } },
    ]);
    expect(await api.bulkRows(result.bulk_id)).toEqual([]);
  });
});

describe("the same file again", () => {
  it("creates nothing twice: a second upload reports the created lines as already created", async () => {
    const file = csv([HEADER, "10,KWD,a@example.com,TWICE-1,", "10,KWD,b@example.com,TWICE-2,"]);
    const first = await upload(file);
    const second = await upload(file);
    expect(second.bulk_id).toBe(first.bulk_id);
    expect(second.counts).toEqual({ rows: 2, created: 0, already_created: 2, invalid: 0 });
    expect(second.already_created).toEqual(first.created);
    expect(await api.bulkRows(first.bulk_id)).toHaveLength(2);
  });

  it("creates on the second upload the lines that failed on the first, once the configuration is fixed", async () => {
    const file = csv(["amount,currency_code,customer_email,gateway_code", "10,KWD,a@example.com,card", "10,USD,b@example.com,later"]);
    const first = await upload(file);
    expect(first.counts).toMatchObject({ created: 1, invalid: 1 });
    expect(first.invalid[0]).toMatchObject({ line: 3, errors: { gateway_code: expect.any(Array) } });

    const { createGatewaySetting } = await import("@/lib/config/gateway-settings/create-gateway-setting");
    await createGatewaySetting({ ctx: api.ctx, input: { code: "later", pg: "sandbox", currencies: ["USD"] } });
    const second = await upload(file);
    expect(second.counts).toEqual({ rows: 2, created: 1, already_created: 1, invalid: 0 });
    expect(second.created.map((r) => r.line)).toEqual([3]);
    expect(await api.bulkRows(first.bulk_id)).toHaveLength(2);
  });

  it("two uploads of one file at the same time create each line once", async () => {
    const lines = Array.from({ length: 8 }, (_, i) => `${i + 1},KWD,race${i}@example.com,RACE-${i},`);
    const file = csv([HEADER, ...lines]);
    const [a, b] = await Promise.all([upload(file), upload(file)]);
    expect(a.counts.invalid + b.counts.invalid).toBe(0);
    expect(a.counts.created + b.counts.created).toBe(8);
    expect(a.counts.already_created + b.counts.already_created).toBe(8);
    const rows = await api.bulkRows(a.bulk_id);
    expect(rows).toHaveLength(8);
    // Each line answers with the same transaction in both uploads.
    const byLine = (r: typeof a) => new Map([...r.created, ...r.already_created].map((x) => [x.line, x.session_id]));
    expect(byLine(a)).toEqual(byLine(b));
  });

  it("a different file (one byte changed) is another bulk", async () => {
    const first = await upload(csv(["amount,currency_code,customer_email", "1,KWD,g@example.com"]));
    const second = await upload(csv(["amount,currency_code,customer_email", "2,KWD,g@example.com"]));
    expect(second.bulk_id).not.toBe(first.bulk_id);
    expect(second.counts.created).toBe(1);
  });
});

describe("what makes a whole file unusable", () => {
  it("an unknown column is one error naming it and the columns a file may have", async () => {
    const [message] = await fileError(csv(["amount,currency_code,customer_email,colour,type", "1,KWD,a@example.com,red,e_commerce"]));
    expect(message).toMatch(/^Unknown column\(s\): "colour", "type"\. The columns a bulk file may have: amount, currency_code/);
    expect(message).not.toMatch(/attachment/);
  });

  it("a repeated column", async () => {
    expect(await fileError(csv(["amount,amount,currency_code", "1,2,KWD"]))).toEqual(["Column(s) given twice: amount."]);
  });

  it("an empty file and a header-only file", async () => {
    expect(await fileError(new Uint8Array())).toEqual([expect.stringMatching(/^The file is empty/)]);
    expect(await fileError(csv(["", ""]))).toEqual([expect.stringMatching(/^The file is empty/)]);
    expect(await fileError(csv([HEADER]))).toEqual(["The file has a header but no rows: add one payment request per line."]);
  });

  it(`more than ${MAX_BULK_ROWS} rows, or more than 2 MB`, async () => {
    const many = csv(["amount,currency_code,customer_email", ...Array.from({ length: MAX_BULK_ROWS + 1 }, () => "1,KWD,a@example.com")]);
    expect(await fileError(many)).toEqual([`The file has ${MAX_BULK_ROWS + 1} rows; at most ${MAX_BULK_ROWS} are taken at once: split it into several files.`]);
    const big = new Uint8Array(MAX_BULK_FILE_BYTES + 1).fill(0x61);
    expect(await fileError(big)).toEqual(["The file is larger than 2 MB: split it into several files."]);
  });

  it("text that is not UTF-8", async () => {
    expect(await fileError(new Uint8Array([0x61, 0x0a, 0xff, 0xfe, 0x0a]))).toEqual(["The file is not UTF-8 text: save it as CSV UTF-8."]);
  });

  it("broken quoting", async () => {
    expect(await fileError(csv(["amount,currency_code", '"1,KWD']))).toEqual([expect.stringMatching(/^The file is not valid CSV: /)]);
  });

  it("an uploader without the create permission is refused before anything is read", async () => {
    await expect(upload(csv([HEADER, "1,KWD,a@example.com,NOPE,"]), api.viewer)).rejects.toBeInstanceOf(Forbidden);
  });
});

describe("CSV as spreadsheets write it", () => {
  it("a BOM, CRLF line ends, quoted cells with commas, quotes and a line break, and empty lines", async () => {
    const file = csv(
      [
        "\uFEFFamount,currency_code,customer_email,customer_first_name,customer_address_line1,order_no",
        '"10.500",KWD,"h@example.com","Sara ""S""","Block 1, Street 2\r\nFloor 3",CRLF-1',
        "",
        "20,KWD,i@example.com,Omar,,CRLF-2",
      ],
      "\r\n",
    );
    const result = await upload(file);
    expect(result.invalid).toEqual([]);
    // The quoted cell spans lines 2 and 3; the row after the empty line 4 is line 5.
    expect(result.created.map((r) => r.line)).toEqual([2, 5]);
    const rows = await api.bulkRows(result.bulk_id);
    const first = rows.find((r) => r.order_no === "CRLF-1")!;
    expect(first).toMatchObject({ amount: "10.500000", customer_first_name: 'Sara "S"', customer_email: "h@example.com" });
    expect(first.billing_address).toMatchObject({ line1: "Block 1, Street 2\nFloor 3" });
  });
});

describe("on a fresh install: no default redirect or disclosure URL", () => {
  it("creates every valid line (a payment request needs neither URL), and the page asks for only what every line needs", async () => {
    await updateSettings({ ctx: api.ctx, input: { defaultRedirectUrl: null, defaultDisclosureUrl: null } });
    const result = await upload(csv(["amount,currency_code,customer_email", "5,KWD,fresh@example.com"]));
    expect(result.counts).toMatchObject({ created: 1, invalid: 0 });
    expect((await api.bulkRows(result.bulk_id))[0]).toMatchObject({ redirect_url: null, disclosure_url: null });
    // The same rule as the lines are read with: the e-commerce-only settings add nothing to a payment request.
    const fresh = { default_redirect_url: null, default_disclosure_url: null, legacy_multi_step_checkout: true };
    expect(bulkRequiredColumns(fresh)).toEqual(["amount", "currency_code", "customer_email"]);
  });
});
