/** The content codings the web server compresses with, best first. */
export type Coding = "br" | "gzip";

/**
 * The coding to answer `Accept-Encoding` with (RFC 9110 §12.5.3): brotli when the client takes it, else gzip, else
 * none. A coding with q=0 is refused; `*` stands for any coding the header does not name.
 */
export function acceptedEncoding(header: string | string[] | undefined): Coding | null {
  if (typeof header !== "string" || header === "") return null;
  const weights = new Map<string, number>();
  for (const part of header.split(",")) {
    const [name, ...params] = part.trim().toLowerCase().split(";");
    const q = params.map((p) => /^\s*q\s*=\s*([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    if (name) weights.set(name.trim(), q === undefined ? 1 : Number(q));
  }
  const weight = (coding: Coding) => weights.get(coding) ?? weights.get("*") ?? 0;
  const [br, gzip] = [weight("br"), weight("gzip")];
  if (br > 0 && br >= gzip) return "br";
  return gzip > 0 ? "gzip" : null;
}
