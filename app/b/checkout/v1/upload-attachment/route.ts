import { appContext } from "@/lib/core/context";
import { UnsupportedMediaType } from "@/lib/core/errors";
import { authenticateRequest } from "@/lib/http/authenticate-request";
import { handleRoute } from "@/lib/http/handle-route";
import { paymentJson } from "@/lib/http/json-response";
import { methodNotAllowed } from "@/lib/http/method-not-allowed";
import { mediaType, parseBody } from "@/lib/http/parse-body";
import { UPLOAD_MAX_BYTES, uploadAttachment } from "@/lib/checkout/attachments/upload-attachment";

export const dynamic = "force-dynamic";

// The file's limit plus room for the multipart framing: a body past it is refused (413) before it is read whole.
const BODY_LIMIT = UPLOAD_MAX_BYTES + 512 * 1024;

export const POST = handleRoute(async (request) => {
  const ctx = appContext();
  const caller = await authenticateRequest(ctx, request);
  if (mediaType(request) !== "multipart/form-data") {
    throw new UnsupportedMediaType("Send the file as multipart/form-data, in a part named attachment.");
  }
  const { files } = await parseBody(request, BODY_LIMIT);
  return paymentJson(await uploadAttachment({ ctx, input: { caller, files } }), 201);
});

const others = methodNotAllowed(["POST"]);
export { others as GET, others as PUT, others as PATCH, others as DELETE };
