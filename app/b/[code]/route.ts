import { followShortLink } from "@/lib/checkout/links/follow-short-link";
import { isLinkCode } from "@/lib/checkout/links/link-code";
import { appContext } from "@/lib/core/context";
import { MethodNotAllowed, NotFound } from "@/lib/core/errors";
import { handleRoute } from "@/lib/http/handle-route";
import { linkNotFoundPage } from "@/lib/http/link-not-found-page";

export const dynamic = "force-dynamic";

type Params = { code: string };

// A short link, /b/{code}. This segment also takes every other one-segment address under /b/ (static segments
// such as checkout/ and pbl/ still win): those stay the API's JSON 404, as from b/[[...path]]/route.ts. A code has
// a capital letter and a digit (lib/checkout/links/link-code.ts), so it never reads as one of those path words.
const answer = (follows: boolean) =>
  handleRoute<Params>(async (request, { params }) => {
    const { code } = await params;
    if (!isLinkCode(code)) throw new NotFound();
    if (!follows) throw new MethodNotAllowed(["GET", "HEAD"], request.method);
    let target: string;
    try {
      target = await followShortLink({ ctx: appContext(), input: { code } });
    } catch (error) {
      if (error instanceof NotFound) return linkNotFoundPage();
      throw error;
    }
    // Found, not moved for good: a browser must ask again (the attachment may change; a deleted link must end).
    return new Response(null, { status: 302, headers: { Location: target, "Cache-Control": "no-store" } });
  });

export const GET = answer(true);
export const HEAD = answer(true);
const others = answer(false);
export { others as POST, others as PUT, others as PATCH, others as DELETE, others as OPTIONS };
