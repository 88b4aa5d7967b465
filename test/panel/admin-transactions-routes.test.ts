import { sql } from "kysely";
import { beforeAll, describe, expect, it, vi } from "vitest";

vi.hoisted(() => {
  process.env.NEXTAUTH_SECRET = "t".repeat(48);
});

import * as exportRoute from "@/app/api/admin/transactions/export/route";
import * as liveRoute from "@/app/api/admin/transactions/route";
import { TRANSACTION_COLUMNS } from "@/lib/panel/admin/export-columns";
import { EXPORT_BATCH, exportTransactions, inertCell } from "@/lib/panel/admin/export-transactions";
import type { TransactionListItem } from "@/lib/panel/admin/list-transactions";
import { serveRoutes } from "../support/http-server";
import { createListed, expectedOrder, listFixtures, sessionCookie } from "../support/transaction-list-data";
import { testContext } from "../support/test-context";

// The list's two routes over HTTP with the panel's session cookie: the live JSON the first page polls and the
// CSV export of the whole filtered set (streamed in keyset batches, role-scoped, safe to open in a spreadsheet).
// Without a session: 401 for the JSON, to the sign-in page for the export.

const ctx = testContext();
let base: string;
let users: Awaited<ReturnType<typeof listFixtures>>;
let cookies: { superuser: string; clerk: string };

// More than two export batches, so the stream's keyset continuation is exercised.
const COUNT = 2 * EXPORT_BATCH + 300;

beforeAll(async () => {
  users = await listFixtures(ctx, COUNT);
  cookies = { superuser: await sessionCookie(users.superuser.id), clerk: await sessionCookie(users.clerk.id) };
  base = await serveRoutes([
    { path: "/api/admin/transactions", module: liveRoute },
    { path: "/api/admin/transactions/export", module: exportRoute },
  ]);
});

const get = (path: string, cookie?: string) => fetch(`${base}${path}`, { headers: cookie ? { cookie } : {}, redirect: "manual" });
const newest = async (cookie: string, query = "") => {
  const response = await get(`/api/admin/transactions${query}`, cookie);
  expect(response.status).toBe(200);
  return (await response.json()) as { items: TransactionListItem[]; newer: string | null; older: string | null; first: boolean };
};

/** The CSV's records, parsed back (quoted cells may hold commas, doubled quotes and line breaks). */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  const cell = /"((?:[^"]|"")*)"|([^",\n]*)/y;
  let at = 0;
  while (at < text.length) {
    cell.lastIndex = at;
    const m = cell.exec(text)!;
    record.push(m[1] !== undefined ? m[1].replace(/""/g, '"') : m[2]!);
    at = cell.lastIndex;
    const separator = text[at++];
    if (separator === "\n") {
      records.push(record);
      record = [];
    }
  }
  return records;
}

describe("the live JSON", () => {
  it("answers the newest page of the signed-in admin, and a new transaction on the next poll", async () => {
    const before = await newest(cookies.superuser);
    expect(before.items.map((t) => t.sessionId)).toEqual((await expectedOrder(ctx)).slice(0, 50));
    expect(before).toMatchObject({ first: true, newer: null, older: expect.any(String) });
    const id = await createListed(ctx, users.superuser, { order_no: "LIVE-1" });
    const after = await newest(cookies.superuser);
    expect(after.items[0]).toMatchObject({ sessionId: id, orderNo: "LIVE-1", state: "created", amount: "10.500" });
  });

  it("shows a state change on the next poll", async () => {
    const [top] = (await newest(cookies.superuser)).items;
    await sql`UPDATE transactions SET state = 'paid' WHERE session_id = ${top!.sessionId}`.execute(ctx.db);
    expect((await newest(cookies.superuser)).items[0]).toMatchObject({ sessionId: top!.sessionId, state: "paid" });
  });

  it("takes the page's filters and answers wrong ones with their field errors", async () => {
    const paid = await newest(cookies.superuser, "?state=paid&currency=USD");
    expect(paid.items.map((t) => t.sessionId)).toEqual((await expectedOrder(ctx, sql`state = 'paid' AND currency_code = 'USD'`)).slice(0, 50));
    const wrong = await get("/api/admin/transactions?state=done&min=x", cookies.superuser);
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toEqual({
      state: ["Choose one of the states in the list."],
      min: ["Enter an amount such as 10.500: digits, with at most 6 decimal places."],
    });
  });

  it("is scoped to a limited user's gateways", async () => {
    const page = await newest(cookies.clerk);
    expect(page.items.map((t) => t.sessionId)).toEqual((await expectedOrder(ctx, sql`pg_codes && ARRAY['knet']`)).slice(0, 50));
    expect((await get("/api/admin/transactions?gateway=card", cookies.clerk)).status).toBe(400);
  });

  it("answers 401 without a session, with a forged one, and for a disabled user", async () => {
    const disabled = await sessionCookie(users.nobody.id);
    // A sign-out or password reset after the cookie's sign-in (the user's session version moved on) ends it as well.
    await sql`UPDATE admin_users SET session_version = session_version + 1 WHERE id = ${users.nobody.id}`.execute(ctx.db);
    expect((await get("/api/admin/transactions", disabled)).status).toBe(401);
    expect((await get("/api/admin/transactions", await sessionCookie(users.nobody.id, 1))).status).not.toBe(401);
    await sql`UPDATE admin_users SET is_active = false WHERE id = ${users.nobody.id}`.execute(ctx.db);
    for (const cookie of [undefined, "next-auth.session-token=forged", disabled]) {
      const response = await get("/api/admin/transactions", cookie);
      expect(response.status).toBe(401);
      expect(response.headers.get("cache-control")).toBe("no-store");
      expect(await response.json()).toEqual({ detail: "Sign in to the admin panel." });
    }
  });
});

describe("the CSV export", () => {
  const exported = async (cookie: string, query = "") => {
    const response = await get(`/api/admin/transactions/export${query}`, cookie);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="transactions-\d{8}-\d{6}\.csv"$/);
    return parseCsv(await response.text());
  };

  it("streams every transaction of the filtered set, newest first, past the cursor of the page it came from", async () => {
    const [header, ...rows] = await exported(cookies.superuser, `?after=${(await newest(cookies.superuser)).older}`);
    expect(header).toEqual(TRANSACTION_COLUMNS.map(([name]) => name));
    const all = await expectedOrder(ctx);
    expect(all.length).toBeGreaterThan(2 * EXPORT_BATCH);
    expect(rows.map((r) => r[3])).toEqual(all);

    const [, ...paid] = await exported(cookies.superuser, "?state=paid&gateway=card");
    expect(paid.map((r) => r[3])).toEqual(await expectedOrder(ctx, sql`state = 'paid' AND 'card' = ANY(pg_codes)`));
    expect(new Set(paid.map((r) => `${r[6]} ${r[16]}`))).toEqual(new Set(["paid card"]));
  });

  it("reads the database one batch at a time, as the reader asks for more", async () => {
    const { stream } = await exportTransactions({ ctx, input: { caller: users.superuser, params: new URLSearchParams() } });
    const reader = stream.getReader();
    const sizes: number[] = [];
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) sizes.push(parseCsv(new TextDecoder().decode(chunk.value)).length);
    const total = (await expectedOrder(ctx)).length;
    expect(sizes).toEqual([1, EXPORT_BATCH, EXPORT_BATCH, total - 2 * EXPORT_BATCH]);
  });

  it("writes each transaction's fields, amounts in the currency's places", async () => {
    const id = await createListed(ctx, users.superuser, { order_no: "CSV, \"quoted\"", customer_email: "csv@example.com", amount: "7" });
    const [, ...rows] = await exported(cookies.superuser, "?q=csv%40example.com");
    const at = expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    // Nothing paid yet: no paid or settled time, reference, fee or gateway that took it.
    expect(rows).toEqual([[at, "", "", id, 'CSV, "quoted"', "", "created", "7.000", "0.000", "0.000", "0.000", "0.000", "0.000", "KWD", "", "", "knet", "csv@example.com", "", "no"]]);
  });

  it("is scoped to a limited user's gateways", async () => {
    const [, ...rows] = await exported(cookies.clerk);
    expect(rows.map((r) => r[3])).toEqual(await expectedOrder(ctx, sql`pg_codes && ARRAY['knet']`));
  });

  it("never starts a cell with what a spreadsheet would run as a formula", async () => {
    const formulas = ["=HYPERLINK(\"http://evil.example\")", "+1+1", "-2+3", "@SUM(A1:A9)"];
    for (const [i, order] of formulas.entries()) await createListed(ctx, users.superuser, { order_no: order, customer_phone: `+96550000${i}00` });
    const [, ...rows] = await exported(cookies.superuser, "?state=created&gateway=knet");
    const cells = rows.flat();
    for (const order of formulas) expect(cells).toContain(`'${order}`);
    // A phone number in E.164 form is a number to a spreadsheet, not a formula: written as it is.
    expect(cells).toContain("+96550000000");
    expect(cells.filter((c) => /^[=+\-@]/.test(c) && !/^\+\d+$/.test(c))).toEqual([]);
    expect([inertCell("\tcmd"), inertCell("\rcmd"), inertCell("plain"), inertCell("a=b")]).toEqual(["'\tcmd", "'\rcmd", "plain", "a=b"]);
  });

  it("answers wrong filters with their field errors before sending anything", async () => {
    const response = await get("/api/admin/transactions/export?from=2026-13-01", cookies.superuser);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ from: ["Enter a date as YYYY-MM-DD, for example 2026-01-31."] });
  });

  it("sends a visitor without a session to the sign-in page", async () => {
    for (const cookie of [undefined, "next-auth.session-token=forged"]) {
      const response = await get("/api/admin/transactions/export", cookie);
      expect(response.status).toBe(303);
      expect(response.headers.get("location")).toBe("/admin/login");
      expect(await response.text()).toBe("");
    }
  });
});
