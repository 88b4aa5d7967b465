import { parseBody } from "./parse-body";

const first = (v: unknown) => (Array.isArray(v) ? v[0] : v);

/** A small HTML form's (or flat JSON body's) fields as strings: the first value of each, "" for non-text. */
export async function readForm(request: Request): Promise<Record<string, string>> {
  const { fields } = await parseBody(request);
  return Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, typeof first(v) === "string" ? (first(v) as string) : ""]));
}
