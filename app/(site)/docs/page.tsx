import type { Metadata } from "next";
import { ApiReference } from "@/components/api-reference/api-reference";

export const metadata: Metadata = {
  title: "Checkout API reference",
  description: "Interactive reference of the checkout API v1, from its OpenAPI 3.1 document.",
};

export default function DocsPage() {
  return (
    <main>
      <noscript>
        <p className="p-8">
          The interactive reference needs JavaScript. The OpenAPI document is at{" "}
          <a href="/b/checkout/v1/openapi.json">/b/checkout/v1/openapi.json</a>.
        </p>
      </noscript>
      <ApiReference />
    </main>
  );
}
