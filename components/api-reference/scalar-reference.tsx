"use client";

import { ApiReferenceReact } from "@scalar/api-reference-react";
import "@scalar/api-reference-react/style.css";
import { useMemo } from "react";

// Everything is bundled with the app: no fonts, proxy, telemetry or AI agent from outside hosts.
const base = {
  url: "/b/checkout/v1/openapi.json",
  withDefaultFonts: false,
  telemetry: false,
  showDeveloperTools: "never" as const,
  mcp: { disabled: true },
  agent: { disabled: true },
  documentDownloadType: "json" as const,
  defaultOpenAllTags: true,
};

export default function ScalarReference() {
  // "Try it" requests go to the origin this page came from (same origin, so no CORS), whatever APP_URL says.
  const configuration = useMemo(
    () => ({ ...base, servers: [{ url: window.location.origin, description: "This server" }] }),
    [],
  );
  return <ApiReferenceReact configuration={configuration} />;
}
