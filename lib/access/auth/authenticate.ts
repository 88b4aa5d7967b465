import { findApiKeyByHash } from "@/db/queries/api-keys";
import { noteApiKeyUse } from "@/lib/access/api-keys/note-api-key-use";
import { cachedConfig } from "@/lib/core/cache/config-cache";
import type { Ctx } from "@/lib/core/context";
import { Unauthorized } from "@/lib/core/errors";
import { hashApiKey } from "./api-key-secret";
import type { Caller } from "./permissions";
import { verifyAdminCredentials } from "./verify-admin-credentials";

const USAGE = "Use 'Authorization: Api-Key <private key>' or 'Authorization: Basic <base64 of username:password>'.";
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

/** Who is calling, from the Authorization header: an API key or an admin user by Basic auth. */
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
  const hash = hashApiKey(key);
  const row = await cachedConfig(`api-key:${hash.toString("hex")}`, () => findApiKeyByHash(ctx.db, hash));
  if (!row) throw new Unauthorized("Invalid API key.");
  if (row.revoked_at) throw new Unauthorized("This API key has been revoked.");
  if (row.expires_at && row.expires_at.getTime() <= Date.now()) throw new Unauthorized("This API key has expired.");
  // Not awaited: the request does not wait for (nor fail with) the write of last_used_at.
  void noteApiKeyUse(ctx.db, row.id);
  return { kind: "api_key", id: row.id, name: row.name };
}
