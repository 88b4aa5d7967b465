"use client";

import dynamic from "next/dynamic";

// The reference renders in the browser only (it mounts its own app into a div); the server sends a fallback.
const ScalarReference = dynamic(() => import("./scalar-reference"), {
  ssr: false,
  loading: () => (
    <p className="p-8 text-slate-600">
      Loading the API reference… The document itself is at{" "}
      <a className="text-blue-700 underline" href="/b/checkout/v1/openapi.json">
        /b/checkout/v1/openapi.json
      </a>
      .
    </p>
  ),
});

export function ApiReference() {
  return <ScalarReference />;
}
