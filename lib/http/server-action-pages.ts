/**
 * The pages with server actions: the admin panel and the sandbox's card page (every `actions.ts` under app/ belongs
 * to one of them; test/http/proxy.test.ts checks).
 */
export const SERVER_ACTION_PAGES = /^\/(admin(\/|$)|sandbox\/pay\/[^/]+\/?$)/;

export const hasServerActions = (pathname: string) => SERVER_ACTION_PAGES.test(pathname);

/**
 * A POST that Next.js would read as a server action — a `Next-Action` header, or a multipart form (how a form posts
 * one without scripts) — sent to a page that has none. Next.js would run there any action of the build whose id it
 * names (with the arguments the sender chose), and log an error for any other; proxy.ts answers it with a 404
 * before Next.js sees it.
 */
export function isStrayServerAction(request: { method: string; headers: Headers }, pathname: string): boolean {
  if (request.method !== "POST" || hasServerActions(pathname)) return false;
  const type = request.headers.get("content-type")?.toLowerCase() ?? "";
  return request.headers.has("next-action") || type.startsWith("multipart/form-data");
}
