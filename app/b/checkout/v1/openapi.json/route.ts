import { handleRoute } from "@/lib/http/handle-route";
import { buildOpenApiDocument } from "@/lib/openapi/build-openapi-document";

// Built on the first request (APP_URL is read at run time, not at build time) and kept for the process.
export const dynamic = "force-dynamic";

let body: string | undefined;

export const GET = handleRoute(async () => {
  body ??= JSON.stringify(buildOpenApiDocument());
  return new Response(body, {
    headers: { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "public, max-age=300" },
  });
});
