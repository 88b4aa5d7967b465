import { sdkScript } from "@/lib/checkout/sdk/sdk-script";
import { handleRoute } from "@/lib/http/handle-route";
import { scriptResponse } from "@/lib/http/script-response";

export const dynamic = "force-dynamic";

// The Checkout SDK for merchants' pages. v1 changes only compatibly: a day's cache, then the ETag revalidates.
export const GET = handleRoute(async (request) => scriptResponse(request, sdkScript("checkout.js"), "public, max-age=86400"));
