"use client";

import { ApiReferenceReact } from "@scalar/api-reference-react";
import "@scalar/api-reference-react/style.css";
import { useEffect, useMemo } from "react";

/** What the "Test Request" panel shows, greyed, in the empty value of the `Authorization` (ApiKey) scheme. */
const API_KEY_HINT = "Api-Key <your key>";

// The placeholder Scalar puts in an apiKey scheme's value field (base64 of a joke, not a key of ours). It is fixed
// in the tool, with no option to change it; filling the value in instead (`authentication.securitySchemes.ApiKey.value`)
// would be sent as a credential, and the field masks it like a password, so the hint could not be read.
const SAMPLE_TOKEN_PLACEHOLDER = "QUxMIFlPVVIgQkFTRSBBUkUgQkVMT05HIFRPIFVT";

// Everything is bundled with the app: no fonts, proxy, telemetry or AI agent from outside hosts.
const base = {
  url: "/b/checkout/v1/openapi.json",
  withDefaultFonts: false,
  telemetry: false,
  showDeveloperTools: "never" as const,
  agent: { disabled: true },
  documentDownloadType: "json" as const,
  defaultOpenAllTags: true,
  // "Test Request" starts on `Authorization: Api-Key …`, its value empty (nothing pre-filled, nothing sent until typed).
  authentication: { preferredSecurityScheme: "ApiKey" },
};

/** Puts the Api-Key hint in place of the tool's sample token, in every value field that shows it (now or later). */
function useApiKeyHint() {
  useEffect(() => {
    const replace = () => {
      for (const input of document.querySelectorAll<HTMLInputElement>(`input[placeholder="${SAMPLE_TOKEN_PLACEHOLDER}"]`)) {
        input.placeholder = API_KEY_HINT;
      }
    };
    replace();
    // The request panel is a modal added to <body> when opened, so watch the whole document.
    const observer = new MutationObserver(replace);
    observer.observe(document.body, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, []);
}

export default function ScalarReference() {
  // "Try it" requests go to the origin this page came from (same origin, so no CORS), whatever APP_URL says.
  const configuration = useMemo(
    () => ({ ...base, servers: [{ url: window.location.origin, description: "This server" }] }),
    [],
  );
  useApiKeyHint();
  return <ApiReferenceReact configuration={configuration} />;
}
