import { unknownPath } from "@/lib/http/unknown-path";

// An address under /pos/ that no route or page takes: the API's JSON 404, not the HTML not-found page.
export const dynamic = "force-dynamic";

export {
  unknownPath as GET,
  unknownPath as HEAD,
  unknownPath as POST,
  unknownPath as PUT,
  unknownPath as PATCH,
  unknownPath as DELETE,
  unknownPath as OPTIONS,
};
