import { encode } from "next-auth/jwt";
import { sql } from "kysely";
import { adminCaller, type UserCaller } from "@/lib/access/auth/admin-caller";
import type { Ctx } from "@/lib/core/context";
import { seedTransactions } from "@/tools/seed-transactions/seed-transactions";
import { env } from "@/lib/core/env";
import { createTransaction } from "@/lib/checkout/transactions/create-transaction";
import { createGateway, createUser } from "./factories";

// The admin transaction list's test data: three gateways (knet: KWD; card: KWD, USD; card-auth: authorize), a
// superuser, a user limited to knet and one with no gateway, `count` seeded transactions and any made through the
// create verb; and a signed-in admin's session cookie.

export async function listFixtures(ctx: Ctx, count: number) {
  await createGateway(ctx, { code: "knet", currencies: ["KWD"] });
  await createGateway(ctx, { code: "card", currencies: ["KWD", "USD"] });
  await createGateway(ctx, { code: "card-auth", currencies: ["KWD", "USD"], operation: "authorize" });
  const superuser = await createUser(ctx, { isSuperuser: true });
  const clerk = await createUser(ctx, { gatewayCodes: ["knet"], permissions: ["create"] });
  const nobody = await createUser(ctx, { gatewayCodes: [], permissions: ["create"] });
  await seedTransactions({ ctx, input: { count } });
  return { superuser: adminCaller(superuser), clerk: adminCaller(clerk), nobody: adminCaller(nobody), clerkRow: clerk };
}

/** A transaction made as the API makes it (by the superuser), with `fields` beside a small KWD one on knet. */
export async function createListed(ctx: Ctx, caller: UserCaller, fields: Record<string, unknown> = {}): Promise<string> {
  const { body } = await createTransaction({
    ctx,
    input: { caller, fields: { amount: "10.5", currency_code: "KWD", pg_codes: ["knet"], ...fields }, files: {} },
  });
  return String(body.session_id);
}

/** Session ids in the list's order (created_at DESC, session_id DESC) among those matching `where` (SQL). */
export async function expectedOrder(ctx: Ctx, where = sql`TRUE`): Promise<string[]> {
  const { rows } = await sql<{ session_id: string }>`
    SELECT session_id FROM transactions t WHERE ${where} ORDER BY created_at DESC, session_id DESC`.execute(ctx.db);
  return rows.map((r) => r.session_id);
}

/** The panel's session cookie for an admin user, as next-auth signs it at sign-in (a new user's session version, 0). */
export async function sessionCookie(userId: string, sessionVersion = 0): Promise<string> {
  const { SESSION_COOKIE, IDLE_SECONDS } = await import("@/lib/access/auth/admin-session-cookie");
  const claims = { uid: userId, signedInAt: Math.floor(Date.now() / 1000), sv: sessionVersion };
  const token = await encode({ token: claims, secret: env.NEXTAUTH_SECRET!, maxAge: IDLE_SECONDS });
  return `${SESSION_COOKIE}=${token}`;
}
