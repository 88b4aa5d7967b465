import { NotFound } from "@/lib/core/errors";
import { handleRoute } from "./handle-route";

/**
 * Any method on an address no route takes under the API's prefixes (/api/, /b/, /pos/): the API's JSON 404,
 * `{"detail": "Not found."}`, rather than the not-found page. A refused cross-site write is still a 403 first.
 * The catch-all route of each prefix re-exports these.
 */
const unknownPath = handleRoute<unknown>(async () => {
  throw new NotFound();
});

export {
  unknownPath as GET,
  unknownPath as HEAD,
  unknownPath as POST,
  unknownPath as PUT,
  unknownPath as PATCH,
  unknownPath as DELETE,
  unknownPath as OPTIONS,
};
