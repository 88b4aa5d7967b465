import { frameLanguage } from "./frame-messages";

/** The frame's own parameters, from its address (GET) or its Pay form (POST): the same names in both. */
export function frameParams(read: (name: string) => string | null | undefined) {
  return {
    sessionId: read("session_id") ?? "",
    publicKey: read("pk") ?? "",
    origin: read("origin") ?? "",
    lang: frameLanguage(read("lang") ?? null),
    theme: read("theme") || null,
  };
}
