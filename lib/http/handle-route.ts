import { randomUUID } from "node:crypto";
import { DomainError } from "@/lib/errors";
import { logger } from "@/lib/log/logger";
import { requestContext } from "@/lib/log/request-context";
import { isDatabaseUnavailable } from "./database-unavailable";
import { errorResponse } from "./error-response";

type Handler<P> = (request: Request, context: { params: Promise<P>; requestId: string }) => Promise<Response>;

const REQUEST_ID = /^[A-Za-z0-9._-]{8,64}$/;

/**
 * Wraps a route handler: gives the request an id (kept from X-Request-Id when sane), logs one line per
 * request with it, and turns thrown errors into responses through the one error mapper.
 */
export function handleRoute<P = Record<string, never>>(handler: Handler<P>) {
  return async (request: Request, context: { params: Promise<P> }): Promise<Response> => {
    const incoming = request.headers.get("x-request-id");
    const requestId = incoming && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    return requestContext.run({ requestId }, async () => {
      const started = performance.now();
      let response: Response;
      try {
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
