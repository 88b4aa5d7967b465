import { authenticate } from "@/lib/access/auth/authenticate";
import type { Caller } from "@/lib/access/auth/permissions";
import type { Ctx } from "@/lib/core/context";
import { clientIp } from "@/lib/core/client-ip";

/** The caller of an API request, from its Authorization header. */
export function authenticateRequest(ctx: Ctx, request: Request): Promise<Caller> {
  return authenticate({ ctx, input: { authorization: request.headers.get("authorization"), ip: clientIp(request.headers) } });
}
