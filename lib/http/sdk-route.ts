import { isEmbeddingOrigin } from "@/lib/access/api-keys/is-embedding-origin";
import { authenticatePublicKey, type PublicKeyCaller } from "@/lib/access/auth/authenticate-public-key";
import { appContext, type Ctx } from "@/lib/core/context";
import { DomainError, Forbidden } from "@/lib/core/errors";
import { errorResponse } from "./error-response";
import { handleRoute } from "./handle-route";

type SdkHandler<P> = (request: Request, context: { params: Promise<P>; ctx: Ctx; caller: PublicKeyCaller }) => Promise<Response>;

export const NO_ORIGIN =
  "The SDK endpoints answer the embedded checkout in a browser only: this request has no Origin header. From a server, use the checkout API with a private key.";
export const FOREIGN_ORIGIN = "This page's origin is not among the public key's allowed origins: add it to a public key in the panel or the CLI.";

const ALLOWED_HEADERS = "Authorization, Content-Type";

/** The CORS allowance for one origin; every SDK answer varies by Origin, allowed or not. */
function allowOrigin(response: Response, origin: string | null): Response {
  response.headers.append("Vary", "Origin");
  if (origin !== null) {
    response.headers.set("Access-Control-Allow-Origin", origin);
    response.headers.set("Access-Control-Expose-Headers", "X-Request-Id");
  }
  return response;
}

/**
 * An SDK endpoint: the caller is a public key (any other credentials: 401) and the request's Origin one of its
 * allowed origins (none, or another: 403). Only then does the answer carry that origin's CORS allowance, its errors
 * included, so the embedding page can read them; a refusal carries none. A missing Origin is refused: a public key
 * is only ever used from a browser, which always sends Origin on these cross-origin requests.
 */
export function sdkRoute<P>(handler: SdkHandler<P>) {
  return handleRoute<P>(
    async (request, { params, requestId }) => {
      const ctx = appContext();
      const origin = request.headers.get("origin");
      let allowed: string | null = null;
      try {
        const caller = await authenticatePublicKey({ ctx, input: { authorization: request.headers.get("authorization") } });
        if (origin === null) throw new Forbidden(NO_ORIGIN);
        if (!caller.origins.includes(origin)) throw new Forbidden(FOREIGN_ORIGIN);
        allowed = origin;
        return allowOrigin(await handler(request, { params, ctx, caller }), allowed);
      } catch (error) {
        // An unexpected error is handle-route's to log and answer (a 500 naming only the request id).
        if (!(error instanceof DomainError)) throw error;
        return allowOrigin(errorResponse(error, requestId), allowed);
      }
    },
    // The origin is checked against the key's list here, not against this site's.
    { otherSites: "accepted" },
  );
}

/**
 * The CORS preflight of an SDK endpoint: allowed (204) for an origin some live public key lists, with the methods
 * and the two request headers the SDK sends; any other origin gets a 403 and no allowance.
 */
export function sdkPreflight(methods: string[]) {
  // Typed for any route's params (it reads none), as Next.js checks an OPTIONS export against its route's.
  return handleRoute<Record<string, string>>(
    async (request, { requestId }) => {
      const origin = request.headers.get("origin");
      if (!(await isEmbeddingOrigin({ ctx: appContext(), input: { origin } }))) {
        return allowOrigin(errorResponse(new Forbidden(origin === null ? NO_ORIGIN : FOREIGN_ORIGIN), requestId), null);
      }
      const response = new Response(null, {
        status: 204,
        headers: {
          Allow: [...methods, "OPTIONS"].join(", "),
          "Access-Control-Allow-Methods": [...methods, "OPTIONS"].join(", "),
          "Access-Control-Allow-Headers": ALLOWED_HEADERS,
          "Access-Control-Max-Age": "600",
        },
      });
      return allowOrigin(response, origin);
    },
    { otherSites: "accepted" },
  );
}
