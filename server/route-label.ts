// The route label of a request's metrics and span: the route pattern of app/ that answers its path
// (/b/checkout/v1/pymt-txn/[sessionId]), never the raw path, so the number of labels stays that of the routes.
import { readdirSync } from "node:fs";
import path from "node:path";

/** Next.js's own files (scripts, styles, images, fonts). */
export const STATIC_LABEL = "/_next/*";
/** A path no route answers (a 404). */
export const UNMATCHED_LABEL = "(unmatched)";

const ROUTE_FILE = /^(page|route)(\.bench)?\.(tsx?|jsx?)$/;

/** The route patterns of the app directory `appDir` (route groups dropped), e.g. /b/checkout/v1/pymt-txn/[sessionId]. */
export function routePatterns(appDir: string): string[] {
  const found: string[] = [];
  const walk = (dir: string, segments: string[]) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory() && !entry.name.startsWith("_") && !entry.name.startsWith("@")) {
        const group = /^\(.*\)$/.test(entry.name);
        walk(path.join(dir, entry.name), group ? segments : [...segments, entry.name]);
      } else if (entry.isFile() && ROUTE_FILE.test(entry.name)) {
        found.push(`/${segments.join("/")}`);
      }
    }
  };
  walk(appDir, []);
  return [...new Set(found)];
}

type Matcher = { pattern: string; regex: RegExp; rank: number[] };

// Next.js's precedence: a static segment before a dynamic one, before a catch-all, before an optional catch-all.
const segmentRank = (s: string) => (s.startsWith("[[...") ? 3 : s.startsWith("[...") ? 2 : s.startsWith("[") ? 1 : 0);

function matcher(pattern: string): Matcher {
  const segments = pattern.split("/").filter(Boolean);
  const source = segments
    .map((s) => {
      const rank = segmentRank(s);
      if (rank === 3) return "(?:/.*)?";
      if (rank === 2) return "/.+";
      if (rank === 1) return "/[^/]+";
      return `/${s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`;
    })
    .join("");
  return { pattern, regex: new RegExp(`^${source}$`), rank: segments.map(segmentRank) };
}

function byPrecedence(a: Matcher, b: Matcher): number {
  for (let i = 0; i < Math.max(a.rank.length, b.rank.length); i++) {
    const d = (a.rank[i] ?? -1) - (b.rank[i] ?? -1);
    if (d !== 0) return d;
  }
  return 0;
}

/** A function from a request's path (query string allowed) to its route label. */
export function routeLabeler(patterns: string[]): (url: string) => string {
  const exact = new Set(patterns.filter((p) => !p.includes("[")));
  const dynamic = patterns.filter((p) => p.includes("[")).map(matcher).sort(byPrecedence);
  return (url) => {
    const q = url.indexOf("?");
    let pathname = q === -1 ? url : url.slice(0, q);
    if (pathname.startsWith("/_next/")) return STATIC_LABEL;
    if (pathname.length > 1 && pathname.endsWith("/")) pathname = pathname.slice(0, -1);
    if (exact.has(pathname)) return pathname;
    return dynamic.find((m) => m.regex.test(pathname))?.pattern ?? UNMATCHED_LABEL;
  };
}
