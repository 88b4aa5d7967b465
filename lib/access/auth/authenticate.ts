import type { Ctx } from "@/lib/core/context";
import { Unauthorized } from "@/lib/core/errors";
import { lookUpApiKey } from "./look-up-api-key";
import type { Caller } from "./permissions";
import { verifyAdminCredentials } from "./verify-admin-credentials";

const USAGE = "Use 'Authorization: Api-Key <private key>' or 'Authorization: Basic <base64 of username:password>'.";
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

export const PUBLIC_KEY_REFUSED =
  "This is a public key (pk_…): it is accepted only by the embedded checkout's SDK endpoints (/b/checkout/api/sdk/v1/…). Call this endpoint from your server with a private key (ck_…).";

/**
 * Who is calling, from the Authorization header: a private API key or an admin user by Basic auth. A public key is
 * refused here, so on every endpoint but the SDK's (lib/access/auth/authenticate-public-key.ts).
 */
export async function authenticate({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: { authorization: string | null; ip: string };
}): Promise<Caller> {
  const header = input.authorization?.trim();
  if (!header) throw new Unauthorized(`Authentication credentials were not provided. ${USAGE}`);
  const space = header.indexOf(" ");
  const scheme = space > 0 ? header.slice(0, space).toLowerCase() : "";
  const credentials = space > 0 ? header.slice(space + 1).trim() : "";
  if (!credentials) throw new Unauthorized(`Malformed Authorization header. ${USAGE}`);

  if (scheme === "api-key") return authenticateApiKey(ctx, credentials);
  if (scheme === "basic") {
    const decoded = BASE64.test(credentials) ? Buffer.from(credentials, "base64").toString("utf8") : "";
    const colon = decoded.indexOf(":");
    if (colon <= 0) throw new Unauthorized(`Malformed Basic credentials. ${USAGE}`);
    return verifyAdminCredentials({
      ctx,
      input: { username: decoded.slice(0, colon), password: decoded.slice(colon + 1), ip: input.ip },
    });
  }
  throw new Unauthorized(`Unsupported authorization scheme. ${USAGE}`);
}

async function authenticateApiKey(ctx: Ctx, key: string): Promise<Caller> {
  const row = await lookUpApiKey(ctx, key);
  if (row.kind === "public") throw new Unauthorized(PUBLIC_KEY_REFUSED);
  return { kind: "api_key", id: row.id, name: row.name };
}
