// An address under /api/ that no route or page takes: the API's JSON 404, not the HTML not-found page.
export { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } from "@/lib/http/unknown-path";
export const dynamic = "force-dynamic";
