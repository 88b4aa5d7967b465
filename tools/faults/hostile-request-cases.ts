import { postSignIn } from "../shared/sign-in";
import { FAULT_URL } from "./fault-app";
import type { HostileCase } from "./hostile-case";
import { answerOf, clientError, hit, jsonError, rawPost } from "./hostile-http";

const MiB = 1024 * 1024;
const CALLBACK = `${FAULT_URL}/b/checkout/gateway/sandbox/callback/`;
const PAY_FORM = `${FAULT_URL}/b/checkout/redirect/pay/`;
const post = (url: string, contentType: string, body: BodyInit) => () => hit(url, { method: "POST", headers: { "content-type": contentType }, body });

/** A body sent in chunks without Content-Length, so that only counting the bytes read can stop it. */
const chunked = (bytes: number): RequestInit =>
  ({
    method: "POST",
    headers: { "content-type": "application/json" },
    duplex: "half",
    body: new ReadableStream({
      start(controller) {
        for (let sent = 0; sent < bytes; sent += 64 * 1024) controller.enqueue(new TextEncoder().encode(" ".repeat(64 * 1024)));
        controller.close();
      },
    }),
  }) as RequestInit;

/** Bodies too big, of the wrong type or shape, and headers too big, on the callback and the payment form's route. */
export function bodyCases(): HostileCase[] {
  const nested = `${"[".repeat(100)}${"]".repeat(100)}`;
  return [
    { surface: "callback body", name: "2 MiB JSON", send: post(CALLBACK, "application/json", `{"pad":"${"x".repeat(2 * MiB)}"}`), expect: jsonError(413) },
    { surface: "callback body", name: "2 MiB chunked, no length", send: () => hit(CALLBACK, chunked(2 * MiB)), expect: jsonError(413) },
    { surface: "callback body", name: "11 MiB multipart", send: () => rawPost(CALLBACK, "multipart/form-data; boundary=x", 11 * MiB), expect: jsonError(413) },
    { surface: "callback body", name: "text/xml", send: post(CALLBACK, "text/xml", "<ref>R-1</ref>"), expect: jsonError(415) },
    { surface: "callback body", name: "invalid JSON", send: post(CALLBACK, "application/json", '{"ref": '), expect: jsonError(400) },
    { surface: "callback body", name: "JSON array", send: post(CALLBACK, "application/json", "[1,2]"), expect: jsonError(400) },
    { surface: "callback body", name: "nested 100 deep", send: post(CALLBACK, "application/json", `{"a":${nested}}`), expect: jsonError(400) },
    { surface: "callback body", name: "invalid UTF-8", send: post(CALLBACK, "application/json", new Uint8Array([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x3a, 0x31, 0x7d])), expect: jsonError(400) },
    { surface: "callback body", name: "form with __proto__", send: post(CALLBACK, "application/x-www-form-urlencoded", "__proto__[ref]=x&constructor[prototype][x]=1"), expect: jsonError(400) },
    { surface: "callback headers", name: "20 KiB header", send: () => hit(CALLBACK, { method: "POST", headers: { "x-pad": "x".repeat(20 * 1024) }, body: "{}" }), expect: clientError },
    { surface: "callback headers", name: "GET (no such method)", send: () => hit(CALLBACK), expect: clientError },
    { surface: "return query", name: "12 KiB query", send: () => hit(`${FAULT_URL}/b/checkout/gateway/sandbox/return/?ref=${"R".repeat(12 * 1024)}`), expect: jsonError(400) },
    { surface: "pay form", name: "unknown session", send: post(PAY_FORM, "application/x-www-form-urlencoded", "session_id=nope&code=card"), expect: jsonError(400, 404) },
    { surface: "pay form", name: "markup session id", send: post(PAY_FORM, "application/x-www-form-urlencoded", `session_id=${encodeURIComponent('"><script>alert(1)</script>')}&code=card`), expect: jsonError(400, 404) },
    { surface: "pay form", name: "2 MiB form", send: post(PAY_FORM, "application/x-www-form-urlencoded", `session_id=${"x".repeat(2 * MiB)}`), expect: jsonError(413) },
    { surface: "pay form", name: "text/plain", send: post(PAY_FORM, "text/plain", "session_id=x"), expect: jsonError(415) },
  ];
}

/** Attachment URLs that try to leave the token's row (path traversal, encoded separators and NUL). */
export function attachmentCases(token: string): HostileCase[] {
  const at = (path: string) => () => hit(`${FAULT_URL}/b/checkout/v1/attachments/${path}`);
  const surface = "attachment URL";
  return [
    { surface, name: "..%2f to /etc/passwd", send: at("..%2f..%2f..%2f..%2f..%2fetc%2fpasswd"), expect: clientError },
    { surface, name: "token then ..%2f", send: at(`${token}%2f..%2f..%2fpackage.json`), expect: clientError },
    { surface, name: "double-encoded ..%252f", send: at("..%252f..%252f..%252fetc%252fpasswd"), expect: clientError },
    { surface, name: "backslashes ..%5c", send: at("..%5c..%5c..%5cetc%5cpasswd"), expect: clientError },
    { surface, name: "token + %00.pdf", send: at(`${token}%00.pdf`), expect: clientError },
    { surface, name: "%00 alone", send: at("%00"), expect: clientError },
    { surface, name: "malformed %E0%A4%A", send: at("%E0%A4%A"), expect: clientError },
    { surface, name: "token in capitals", send: at(token.toUpperCase()), expect: jsonError(404) },
    { surface, name: "10,000-character token", send: at("a".repeat(10_000)), expect: jsonError(404) },
    { surface, name: "POST to a token", send: () => hit(`${FAULT_URL}/b/checkout/v1/attachments/${token}`, { method: "POST", body: "x" }), expect: clientError },
  ];
}

/** The panel's sign-in (next-auth credentials) with wrong, odd and oversized input; then the brute-force limit. */
export function signInCases(username: string, maxFailures: number): HostileCase[] {
  const signInWith = (fields: Record<string, string>, as: "form" | "json" = "form") => () => answerOf((signal) => postSignIn(FAULT_URL, fields, as, signal));
  const surface = "admin sign-in";
  return [
    { surface, name: "wrong password", send: signInWith({ username, password: "wrong-password" }), expect: clientError },
    { surface, name: "SQL-like username", send: signInWith({ username: "admin' OR '1'='1' --", password: "x' OR '1'='1" }), expect: clientError },
    { surface, name: "markup username", send: signInWith({ username: '"><img src=x onerror=alert(1)>', password: "x" }), expect: clientError },
    { surface, name: "NUL in the username", send: signInWith({ username: `${username}\u0000`, password: "x" }), expect: clientError },
    { surface, name: "1 MiB password", send: signInWith({ username, password: "p".repeat(MiB) }), expect: clientError },
    { surface, name: "11 MiB password", send: signInWith({ username, password: "p".repeat(11 * MiB) }), expect: clientError },
    { surface, name: "JSON body", send: signInWith({ username, password: "wrong-password" }, "json"), expect: clientError },
    { surface, name: "no CSRF token", send: signInWith({ username, password: "wrong-password", csrfToken: "" }), expect: clientError },
    {
      surface,
      name: `${maxFailures + 1} failures in a row`,
      send: async () => {
        const fail = signInWith({ username: "brute-force-target", password: "guess" });
        for (let i = 0; i < maxFailures; i++) await fail();
        return fail();
      },
      expect: jsonError(429),
    },
  ];
}
