import { authenticate } from "@/lib/auth/authenticate";
import type { Caller } from "@/lib/auth/permissions";
import type { Ctx } from "@/lib/context";
import { clientIp } from "./client-ip";

/** The caller of an API request, from its Authorization header. */
export function authenticateRequest(ctx: Ctx, request: Request): Promise<Caller> {
  return authenticate({ ctx, input: { authorization: request.headers.get("authorization"), ip: clientIp(request.headers) } });
}
