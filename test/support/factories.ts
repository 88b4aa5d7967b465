import { randomBytes } from "node:crypto";
import { createAdminUser } from "@/lib/access/admin-users/create-admin-user";
import { createApiKey } from "@/lib/access/api-keys/create-api-key";
import type { Action } from "@/lib/access/auth/permissions";
import type { Ctx } from "@/lib/core/context";
import { addCurrency } from "@/lib/config/currencies/add-currency";
import { createGatewaySetting } from "@/lib/config/gateway-settings/create-gateway-setting";

// Test data made through the domain verbs, so every row is one the application itself could have written.

const unique = (prefix: string) => `${prefix}-${randomBytes(4).toString("hex")}`;

export function createCurrency(ctx: Ctx, input: { code?: string; decimals?: number } = {}) {
  return addCurrency({ ctx, input: { code: input.code ?? "KWD", decimals: input.decimals ?? 3 } });
}

export async function createGateway(
  ctx: Ctx,
  input: { code?: string; currencies?: string[]; operation?: "purchase" | "authorize"; isSandbox?: boolean } = {},
) {
  const currencies = input.currencies ?? ["KWD"];
  for (const code of currencies) await createCurrency(ctx, { code });
  return createGatewaySetting({
    ctx,
    input: { code: input.code ?? unique("gw"), pg: "sandbox", currencies, operation: input.operation, isSandbox: input.isSandbox },
  });
}

export async function createUser(
  ctx: Ctx,
  input: { username?: string; password?: string; isSuperuser?: boolean; gatewayCodes?: string[]; permissions?: Action[] } = {},
) {
  const password = input.password ?? `pw-${randomBytes(8).toString("hex")}`;
  const user = await createAdminUser({
    ctx,
    input: {
      username: input.username ?? unique("user"),
      password,
      isSuperuser: input.isSuperuser,
      gatewayCodes: input.gatewayCodes,
      permissions: input.permissions,
    },
  });
  return { ...user, password };
}

/** A private key, or with `origins` a public key allowed from them. */
export function createKey(ctx: Ctx, input: { name?: string; expiresAt?: Date; origins?: string[] } = {}) {
  const common = { name: input.name ?? unique("key"), expiresAt: input.expiresAt };
  return createApiKey({ ctx, input: input.origins ? { ...common, kind: "public", origins: input.origins } : common });
}

/** The Authorization header value for Basic auth. */
export function basicAuth(username: string, password: string): string {
  return `Basic ${Buffer.from(`${username}:${password}`, "utf8").toString("base64")}`;
}
