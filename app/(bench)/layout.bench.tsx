import { connection } from "next/server";
import type { ReactNode } from "react";

/** A bare root layout: nothing but the document, for the framework-floor page. */
export default async function BenchLayout({ children }: { children: ReactNode }) {
  await connection(); // per request, like the payment page (the CSP nonce)
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  );
}
