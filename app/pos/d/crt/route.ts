import { legacyCreateRoute } from "@/lib/legacy/legacy-create-route";
import { methodNotAllowed } from "@/lib/http/method-not-allowed";

// The legacy interface (obsolete, kept for old shop plugins): a payment request unless `type` says otherwise.
export const dynamic = "force-dynamic";

export const POST = legacyCreateRoute("payment_request");

const others = methodNotAllowed(["POST"]);
export { others as GET, others as PUT, others as PATCH, others as DELETE };
