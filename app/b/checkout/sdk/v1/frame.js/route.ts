import { sdkScript } from "@/lib/checkout/sdk/sdk-script";
import { handleRoute } from "@/lib/http/handle-route";
import { scriptResponse } from "@/lib/http/script-response";

export const dynamic = "force-dynamic";

// The embedded checkout frame's one script (its pages allow script-src 'self' or their nonce, no inline code).
export const GET = handleRoute(async (request) => scriptResponse(request, sdkScript("frame.js"), "public, max-age=86400"));
