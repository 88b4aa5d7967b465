// A short link that leads nowhere (unknown code, deleted transaction) is followed by a person in a browser: a
// page in the customer pages' words, in English and Arabic (the language is unknown), not the API's JSON. The
// route that answers it is a route handler (beside the JSON 404 of other /b/ addresses), so the page is plain HTML.
const PAGE = `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Link not found</title>
<style>
body { margin: 0; font-family: system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif; color: #0f172a; background: #fff; }
main { max-width: 28rem; margin: 0 auto; padding: 3rem 1rem; }
h1, h2 { font-size: 1.5rem; font-weight: 700; margin: 0; }
p { margin: 0.5rem 0 0; color: #334155; line-height: 1.5; }
div { margin-top: 2rem; padding-top: 1.5rem; border-top: 1px solid #e2e8f0; }
</style>
</head>
<body>
<main>
<h1>Link not found</h1>
<p>This payment link does not exist or is no longer available. Check the link you were sent, or ask the sender for a new one.</p>
<div lang="ar" dir="rtl">
<h2>الرابط غير موجود</h2>
<p>رابط الدفع هذا غير موجود أو لم يعد متاحًا. تحقّق من الرابط الذي وصلك، أو اطلب رابطًا جديدًا من المُرسِل.</p>
</div>
</main>
</body>
</html>
`;

/** The 404 page of a short link that leads nowhere. */
export function linkNotFoundPage(): Response {
  return new Response(PAGE, {
    status: 404,
    headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store", "X-Content-Type-Options": "nosniff" },
  });
}
