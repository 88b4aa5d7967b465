import { headers } from "next/headers";
import { FRAME_SCRIPT_PATH } from "@/lib/checkout/sdk/render-frame-page";

/**
 * In the embedded checkout's frame, the result page's one script (with this response's CSP nonce): tells the
 * merchant's page, and only its origin, how the payment ended (`event`), and the page's height.
 */
export async function EmbeddedResultEvent({ origin, sessionId, event }: { origin: string; sessionId: string; event: Record<string, string> | null }) {
  const nonce = /'nonce-([^']+)'/.exec((await headers()).get("content-security-policy") ?? "")?.[1];
  return (
    <script
      src={FRAME_SCRIPT_PATH}
      defer
      nonce={nonce}
      data-origin={origin}
      data-session={sessionId}
      {...(event ? { "data-event": JSON.stringify(event) } : {})}
    />
  );
}
