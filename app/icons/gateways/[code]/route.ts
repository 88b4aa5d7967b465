import { appContext } from "@/lib/core/context";
import { getGatewayIcon } from "@/lib/config/gateway-settings/get-gateway-icon";
import { handleRoute } from "@/lib/http/handle-route";

export const dynamic = "force-dynamic";

// A gateway's uploaded icon, for the payment page, the API's icon links and the panel. Its type was found from
// its bytes on upload; browsers must not guess another. Kept five minutes, then checked again by its ETag.
export const GET = handleRoute<{ code: string }>(async (request, { params }) => {
  const { code } = await params;
  const icon = await getGatewayIcon({ ctx: appContext(), input: { code } });
  const headers = {
    "Content-Type": icon.contentType,
    "X-Content-Type-Options": "nosniff",
    "Cache-Control": "public, max-age=300",
    ETag: icon.etag,
    "Content-Security-Policy": "default-src 'none'; sandbox",
  };
  if (request.headers.get("if-none-match") === icon.etag) return new Response(null, { status: 304, headers });
  return new Response(new Uint8Array(icon.content), { headers });
});
