import { env } from "@/lib/env";

// The framework's floor for `npm run bench`: a bare App Router page, a server component with one plain form and no
// client component, in the same build as the payment page. What the payment page ships beyond this page's
// JavaScript is ours. Served only with BENCH_FLOOR_PAGE=on (the bench sets it).
export default function FrameworkFloorPage() {
  if (!env.BENCH_FLOOR_PAGE) return <p>Not available.</p>;
  return (
    <form method="post" action="/b/checkout/redirect/pay/">
      <label htmlFor="code">Code</label>
      <input id="code" name="code" />
      <button type="submit">Pay</button>
    </form>
  );
}
