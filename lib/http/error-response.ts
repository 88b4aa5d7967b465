import {
  BadRequest,
  Conflict,
  DomainError,
  Forbidden,
  GatewayUnavailable,
  MethodNotAllowed,
  NotFound,
  PayloadTooLarge,
  TooManyRequests,
  Unauthorized,
  UnsupportedMediaType,
  ValidationFailed,
} from "@/lib/core/errors";
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from "./database-unavailable";

type Mapping = { status: number; headers?: Record<string, string> };

/**
 * The 401's challenge names the Api-Key scheme only. Basic is accepted too (the message of the 401 says so), but a
 * challenge naming Basic makes a browser ask for a username and password and then send them, unasked, with every
 * later request to this site — a forged form from another site included.
 */
export const API_CHALLENGE = 'Api-Key realm="api"';

function mapping(error: DomainError): Mapping {
  if (error instanceof ValidationFailed || error instanceof BadRequest) return { status: 400 };
  if (error instanceof Unauthorized) return { status: 401, headers: { "WWW-Authenticate": API_CHALLENGE } };
  if (error instanceof Forbidden) return { status: 403 };
  if (error instanceof NotFound) return { status: 404 };
  if (error instanceof MethodNotAllowed) return { status: 405, headers: { Allow: error.allow.join(", ") } };
  if (error instanceof Conflict) return { status: 409 };
  if (error instanceof PayloadTooLarge) return { status: 413 };
  if (error instanceof GatewayUnavailable) return { status: 502 };
  if (error instanceof UnsupportedMediaType) return { status: 415 };
  if (error instanceof TooManyRequests) return { status: 429, headers: { "Retry-After": String(error.retryAfterSeconds) } };
  return { status: 400 };
}

/**
 * The one mapper from domain errors to HTTP. An unreachable database is a 503 with Retry-After; anything else
 * unknown is a 500 that names only the request id.
 */
export function errorResponse(error: unknown, requestId: string): Response {
  const headers = { "Cache-Control": "no-store", "X-Request-Id": requestId };
  if (isDatabaseUnavailable(error)) {
    return Response.json(
      { detail: "The service is briefly unavailable. Try again in a few seconds.", request_id: requestId },
      { status: 503, headers: { ...headers, "Retry-After": String(DATABASE_RETRY_AFTER_SECONDS) } },
    );
  }
  if (!(error instanceof DomainError)) {
    return Response.json({ detail: "Internal server error.", request_id: requestId }, { status: 500, headers });
  }
  const { status, headers: extra } = mapping(error);
  const body = error instanceof ValidationFailed ? error.fields : { detail: error.message };
  return Response.json(body, { status, headers: { ...headers, ...extra } });
}
