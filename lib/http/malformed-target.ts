/** Said to a request whose address does not decode; Next.js itself answers those with a bare 500. */
export const MALFORMED_TARGET = "The address is not valid: it has a % not followed by a valid UTF-8 escape.";

/** Whether a request target (path and query) has percent-encoding that does not decode to UTF-8 ("%E0%A4%A", "%ZZ"). */
export function hasMalformedEncoding(target: string): boolean {
  try {
    decodeURIComponent(target);
    return false;
  } catch {
    return true;
  }
}
