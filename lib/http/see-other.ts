/** 303 See Other: after a form post or a gateway return, the browser GETs the next page. */
export const seeOther = (url: string) =>
  new Response(null, { status: 303, headers: { Location: url, "Cache-Control": "no-store" } });
