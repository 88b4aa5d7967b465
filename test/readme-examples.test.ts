import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import { promisify } from "node:util";
import { beforeAll, expect, it } from "vitest";
import * as collection from "@/app/b/checkout/v1/pymt-txn/route";
import * as item from "@/app/b/checkout/v1/pymt-txn/[sessionId]/route";
import { createAdminUser } from "@/lib/admin-users/create-admin-user";
import { createApiKey } from "@/lib/api-keys/create-api-key";
import { addCurrency } from "@/lib/currencies/add-currency";
import { createGatewaySetting } from "@/lib/gateways/create-gateway-setting";
import { serveRoutes } from "./support/http-server";
import { testContext } from "./support/test-context";

// The README's checkout API examples, run as pasted with bash and curl against the API served over HTTP: only the
// three lines that say what to fill in (the key, the password, the address) get this server's values.

const ctx = testContext();
let base: string;
let key: string;
const PASSWORD = "readme-admin-password";
beforeAll(async () => {
  for (const [code, decimals] of [["KWD", 3], ["USD", 2]] as const) await addCurrency({ ctx, input: { code, decimals } });
  await createGatewaySetting({ ctx, input: { code: "sandbox", pg: "sandbox", currencies: ["KWD", "USD"], isSandbox: true } });
  await createAdminUser({ ctx, input: { username: "admin", password: PASSWORD, isSuperuser: true } });
  key = (await createApiKey({ ctx, input: { name: "readme" } })).key;
  base = await serveRoutes([
    { path: "/b/checkout/v1/pymt-txn", module: collection },
    { path: "/b/checkout/v1/pymt-txn/[sessionId]", module: item },
  ]);
});

/** The first bash block after a README heading. */
function bashBlockAfter(heading: string): string {
  const readme = readFileSync(new URL("../README.md", import.meta.url), "utf8");
  const from = readme.indexOf(`\n${heading}\n`);
  const match = /```bash\n([\s\S]*?)```/.exec(readme.slice(from));
  if (from < 0 || !match) throw new Error(`no bash block after ${heading}`);
  return match[1]!;
}

it("the checkout API example creates, reads and updates a transaction, and creates one more with Basic auth", async () => {
  const script = bashBlockAfter("## Checkout API v1")
    .replace(/^KEY=.*$/m, `KEY=${key}`)
    .replace(/^PASSWORD=.*$/m, `PASSWORD=${PASSWORD}`)
    .replace(/^APP_URL=.*$/m, `APP_URL=${base}`);
  expect(script).toContain("SESSION_ID=$(curl");
  const { stdout } = await promisify(execFile)("bash", ["-euo", "pipefail", "-c", `${script}\necho; echo "session=$SESSION_ID"`]);
  const sessionId = /session=([0-9a-f]{40})$/m.exec(stdout)?.[1];
  expect(sessionId).toBeDefined();
  const rows = await ctx.db.selectFrom("transactions").select(["session_id", "amount", "currency_code", "created_by_user_id"]).orderBy("created_at").execute();
  expect(rows).toHaveLength(2);
  expect(rows[0]).toMatchObject({ session_id: sessionId, amount: "90.500000", currency_code: "KWD", created_by_user_id: null });
  expect(rows[1]).toMatchObject({ amount: "12.500000", currency_code: "USD", created_by_user_id: expect.any(String) });
});
