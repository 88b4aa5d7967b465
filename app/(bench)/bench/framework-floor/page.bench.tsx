// The framework's floor for `npm run bench`: a bare App Router page, a server component with one plain form and no
// client component, in the same build as the payment page. What the payment page ships beyond this page's
// JavaScript is ours. Only the bench's build has it (BENCH_BUILD=on, next.config.mjs); a production build does not.
export default function FrameworkFloorPage() {
  return (
    <form method="post" action="/b/checkout/redirect/pay/">
      <label htmlFor="code">Code</label>
      <input id="code" name="code" />
      <button type="submit">Pay</button>
    </form>
  );
}
