import type { ReactNode } from "react";
import { CheckoutDocument, checkoutMetadata } from "@/components/checkout/checkout-document";

// A root layout of its own: the page's language comes from the transaction (proxy.ts puts the session in the path).
export const metadata = checkoutMetadata;

export default async function Layout({ children, params }: { children: ReactNode; params: Promise<{ sessionId: string }> }) {
  return <CheckoutDocument sessionId={(await params).sessionId}>{children}</CheckoutDocument>;
}
