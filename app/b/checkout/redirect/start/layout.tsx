import type { ReactNode } from "react";
import { CheckoutDocument, checkoutMetadata } from "@/components/checkout/checkout-document";

// A root layout of its own: the page's language comes from the transaction.
export const metadata = checkoutMetadata;

export default function Layout({ children }: { children: ReactNode }) {
  return <CheckoutDocument>{children}</CheckoutDocument>;
}
