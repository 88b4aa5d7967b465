import type { Metadata } from "next";
import { connection } from "next/server";
import type { ReactNode } from "react";
import "../globals.css";

export const metadata: Metadata = {
  title: "Checkout",
  description: "Self-hosted payment checkout",
};

/** Root layout of the English pages: home, admin panel, API reference and the sandbox gateway's pages. */
export default async function SiteLayout({ children }: { children: ReactNode }) {
  // Rendered per request: every response carries its own CSP nonce (proxy.ts), which Next puts on its scripts.
  await connection();
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  );
}
