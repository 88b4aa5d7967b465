/**
 * A static script with its caching: `Cache-Control` as given, an ETag, and 304 when the browser already has it.
 * CORS-open (`Access-Control-Allow-Origin: *`), as any script a page of another site loads.
 */
export function scriptResponse(request: Request, script: { body: string; etag: string }, cacheControl: string): Response {
  const headers = {
    "Content-Type": "text/javascript; charset=utf-8",
    "Cache-Control": cacheControl,
    ETag: script.etag,
    "X-Content-Type-Options": "nosniff",
    "Access-Control-Allow-Origin": "*",
  };
  const fresh = request.headers.get("if-none-match")?.split(/\s*,\s*/).includes(script.etag);
  return new Response(fresh ? null : script.body, { status: fresh ? 304 : 200, headers });
}
