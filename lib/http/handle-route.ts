import { DomainError, Forbidden } from "@/lib/core/errors";
import { logger } from "@/lib/core/log/logger";
import { requestIdFrom } from "@/lib/core/log/request-context";
import { inRequestScope } from "@/lib/core/request-scope";
import { isCrossSiteWrite } from "./cross-origin-post";
import { isDatabaseUnavailable } from "./database-unavailable";
import { errorResponse } from "./error-response";

type Handler<P> = (request: Request, context: { params: Promise<P>; requestId: string }) => Promise<Response>;

export const CROSS_SITE_REFUSED =
  "Cross-origin request refused: a page of another site may not send this request. Call the API from your server (without an Origin header).";

export interface RouteOptions {
  /**
   * Whether a state-changing request (POST, PUT, PATCH, DELETE) whose Origin names another site is handled:
   * only where a gateway's page posts the customer's browser back, or where this site's own pages post with no
   * referrer (their Origin is then `null`). Everywhere else it is refused with a 403 before the handler runs.
   */
  otherSites?: "accepted" | "refused";
  /** Only this site's pages post here: a state-changing request without Origin is refused too. */
  originRequired?: boolean;
}

/**
 * Wraps a route handler: gives the request an id (kept from X-Request-Id when sane), logs one line per
 * request with it, refuses a state-changing request sent from another site's page (see RouteOptions), and turns
 * thrown errors into responses through the one error mapper.
 */
export function handleRoute<P = Record<string, never>>(handler: Handler<P>, options: RouteOptions = {}) {
  const checkOrigin = options.otherSites !== "accepted";
  return async (request: Request, context: { params: Promise<P> }): Promise<Response> => {
    const requestId = requestIdFrom(request.headers.get("x-request-id"));
    return inRequestScope({ requestId }, async () => {
      const started = performance.now();
      let response: Response;
      try {
        if (checkOrigin && isCrossSiteWrite(request, { originRequired: options.originRequired })) throw new Forbidden(CROSS_SITE_REFUSED);
        response = await handler(request, { params: context.params, requestId });
        response.headers.set("X-Request-Id", requestId);
      } catch (error) {
        // A client that hung up mid-request is not a fault of ours.
        if (request.signal.aborted) logger.info("client closed the request");
        else if (isDatabaseUnavailable(error)) logger.warn({ reason: (error as Error).message }, "database unavailable");
        else if (!(error instanceof DomainError)) logger.error({ err: error }, "unhandled error");
        response = errorResponse(error, requestId);
      }
      const path = new URL(request.url).pathname;
      logger.info(
        { method: request.method, path, status: response.status, ms: Math.round(performance.now() - started) },
        "request",
      );
      return response;
    });
  };
}
