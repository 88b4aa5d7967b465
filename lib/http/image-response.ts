/**
 * An image that anyone holding its address may fetch and caches may keep for an hour: revalidated by its ETag
 * (a 304 when the client's copy is current), so a change (or a 404 once it is gone) is seen within the hour.
 */
export function imageResponse(request: Request, image: { content: Buffer; contentType: string; etag: string; fileName: string }): Response {
  const headers = {
    "Cache-Control": "public, max-age=3600",
    ETag: image.etag,
    "Content-Disposition": `inline; filename="${image.fileName}"`,
    "X-Content-Type-Options": "nosniff",
    // An SVG opened on its own is a document: it may draw and nothing else.
    "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'",
  };
  const known = (request.headers.get("if-none-match") ?? "").split(",").map((t) => t.trim().replace(/^W\//, ""));
  if (known.includes(image.etag) || known.includes("*")) return new Response(null, { status: 304, headers });
  return new Response(new Uint8Array(image.content), { headers: { ...headers, "Content-Type": image.contentType } });
}
