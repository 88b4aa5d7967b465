import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";

/** The SDK's two browser files (lib/checkout/sdk/browser/): checkout.js for merchants' pages, frame.js for our frame. */
export type SdkScriptName = "checkout.js" | "frame.js";

const loaded = new Map<SdkScriptName, { body: string; etag: string }>();

/** A browser file and its ETag, read once per process (the server runs from the repository's root). */
export function sdkScript(name: SdkScriptName): { body: string; etag: string } {
  let script = loaded.get(name);
  if (!script) {
    const body = readFileSync(path.join(process.cwd(), "lib/checkout/sdk/browser", name), "utf8");
    script = { body, etag: `"${createHash("sha256").update(body).digest("base64url").slice(0, 22)}"` };
    loaded.set(name, script);
  }
  return script;
}
