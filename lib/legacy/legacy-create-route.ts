import { appContext } from "@/lib/core/context";
import { handleRoute } from "@/lib/http/handle-route";
import { paymentJson } from "@/lib/http/json-response";
import { parseBody } from "@/lib/http/parse-body";
import { authenticateLegacyRequest } from "./authenticate-legacy-request";
import { createLegacyTransaction } from "./create-legacy-transaction";
import type { LegacyVariant } from "./legacy-fields";

/** POST /pos/crt/ and /pos/d/crt/ (each with or without the slash): the same handler, each with its path's variant. */
export const legacyCreateRoute = (variant: LegacyVariant) =>
  handleRoute(async (request) => {
    const ctx = appContext();
    const caller = await authenticateLegacyRequest(ctx, request);
    const { fields, files } = await parseBody(request);
    return paymentJson(await createLegacyTransaction({ ctx, input: { caller, fields, files, variant } }), 201);
  });
