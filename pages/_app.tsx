import type { AppProps } from "next/app";
import "@/app/globals.css";

// The Pages Router serves only the customer-facing pages (payment, result, sandbox gateway), which ship no
// JavaScript (`unstable_runtimeJS: false`); everything else is in app/.
export default function CheckoutApp({ Component, pageProps }: AppProps) {
  return <Component {...pageProps} />;
}
