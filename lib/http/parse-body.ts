import { BadRequest, PayloadTooLarge, UnsupportedMediaType } from "@/lib/core/errors";

export const JSON_LIMIT = 1024 * 1024;
export const MULTIPART_LIMIT = 10 * 1024 * 1024;
/** Deeper bodies are refused before anything walks them recursively (hashing, validation, jsonb). */
export const DEPTH_LIMIT = 32;

export interface ParsedBody {
  fields: Record<string, unknown>;
  files: Record<string, File>;
}

/**
 * One parser for JSON, form-urlencoded and multipart bodies, with size limits (a route taking smaller files may
 * lower the multipart one). Form fields become the same shape JSON would have: repeated keys make lists and
 * `a[b]` / `a.b` keys make nested objects. A JSON object sent without a content type, or under the form type (as
 * `curl -d` does), is read as JSON.
 */
export async function parseBody(request: Request, multipartLimit = MULTIPART_LIMIT): Promise<ParsedBody> {
  const parsed = await parseContent(request, multipartLimit);
  if (nestedDeeperThan(parsed.fields, DEPTH_LIMIT)) {
    throw new BadRequest(`The body is nested too deeply; at most ${DEPTH_LIMIT} levels of objects and lists are allowed.`);
  }
  return parsed;
}

/** The media type of a request, lower-case, without parameters ("" when none is given). */
export const mediaType = (request: Request) => (request.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();

async function parseContent(request: Request, multipartLimit: number): Promise<ParsedBody> {
  const type = mediaType(request);
  const multipart = type === "multipart/form-data";
  const raw = await readLimited(request, multipart ? multipartLimit : JSON_LIMIT);
  if (raw.length === 0) return { fields: {}, files: {} };

  if (type === "application/json" || type.endsWith("+json") || type === "") {
    return { fields: parseJsonObject(raw, type === "" ? "Send a JSON body with Content-Type: application/json." : "The body is not valid JSON."), files: {} };
  }
  if (type === "application/x-www-form-urlencoded") {
    const text = new TextDecoder().decode(raw);
    // `curl -d '{…}'` without -H Content-Type sends JSON under the form type; no form body starts with "{".
    if (text.trimStart().startsWith("{")) {
      return {
        fields: parseJsonObject(raw, "The body starts like JSON but is not valid JSON (it was sent as application/x-www-form-urlencoded; send JSON with Content-Type: application/json)."),
        files: {},
      };
    }
    return { fields: nest(new URLSearchParams(text).entries()), files: {} };
  }
  if (multipart) {
    let form: FormData;
    try {
      form = await new Response(new Uint8Array(raw), { headers: { "content-type": request.headers.get("content-type")! } }).formData();
    } catch {
      throw new BadRequest("The multipart body could not be parsed.");
    }
    const files: Record<string, File> = {};
    const entries: [string, string][] = [];
    for (const [key, value] of form.entries()) {
      if (typeof value === "string") entries.push([key, value]);
      else files[key] = value;
    }
    return { fields: nest(entries), files };
  }
  throw new UnsupportedMediaType(
    `Unsupported media type "${type}". Use application/json, application/x-www-form-urlencoded or multipart/form-data.`,
  );
}

function parseJsonObject(raw: Buffer, invalid: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(raw));
  } catch {
    throw new BadRequest(invalid);
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw new BadRequest("The JSON body must be an object.");
  }
  return value as Record<string, unknown>;
}

/** The body's bytes, refused (and the rest of it cancelled) once past `limit`. */
export async function readLimited(request: Request, limit: number): Promise<Buffer> {
  const tooLarge = () => new PayloadTooLarge(`The body is larger than the limit of ${limit / 1024 / 1024} MiB.`);
  const declared = Number(request.headers.get("content-length") ?? 0);
  if (declared > limit) throw tooLarge();
  if (!request.body) return Buffer.alloc(0);
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = request.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.length;
    if (size > limit) {
      await reader.cancel();
      throw tooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

/** Whether objects and lists nest more than `limit` levels, checked without recursion. */
function nestedDeeperThan(value: unknown, limit: number): boolean {
  const pending: [unknown, number][] = [[value, 0]];
  while (pending.length > 0) {
    const [item, depth] = pending.pop()!;
    if (!item || typeof item !== "object") continue;
    if (depth >= limit) return true;
    for (const nested of Object.values(item)) pending.push([nested, depth + 1]);
  }
  return false;
}

const UNSAFE_KEYS = new Set(["__proto__", "constructor", "prototype"]);

/** Form entries to an object: `k=a&k=b` → {k: ["a","b"]}; `billing_address[city]=x` → {billing_address: {city: "x"}}. */
function nest(entries: Iterable<[string, string]>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of entries) {
    const path = key.replace(/\]/g, "").split(/[[.]/).filter(Boolean);
    if (path.length === 0 || path.some((p) => UNSAFE_KEYS.has(p))) continue;
    let node = out;
    for (const part of path.slice(0, -1)) {
      if (typeof node[part] !== "object" || node[part] === null || Array.isArray(node[part])) node[part] = {};
      node = node[part] as Record<string, unknown>;
    }
    const leaf = path.at(-1)!;
    const previous = node[leaf];
    node[leaf] = previous === undefined ? value : Array.isArray(previous) ? [...previous, value] : [previous, value];
  }
  return out;
}
