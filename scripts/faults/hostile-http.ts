/** What a hostile request got back; status 0 when no HTTP answer came (reset, or no answer within HANG_MS). */
export interface Answer {
  status: number;
  ms: number;
  text: string;
  contentType: string;
  location: string | null;
}

/** Longer than this without an answer is a hang. */
export const HANG_MS = 15_000;

/** Times a request and reads its answer; `send` must pass on the signal that ends it after HANG_MS. */
export async function answerOf(send: (signal: AbortSignal) => Promise<Response>): Promise<Answer> {
  const started = Date.now();
  try {
    const res = await send(AbortSignal.timeout(HANG_MS));
    const text = await res.text();
    return { status: res.status, ms: Date.now() - started, text, contentType: res.headers.get("content-type") ?? "", location: res.headers.get("location") };
  } catch (error) {
    const reason = (error as Error).name === "TimeoutError" ? "hang" : "no answer";
    return { status: 0, ms: Date.now() - started, text: reason, contentType: "", location: null };
  }
}

export const hit = (url: string, init: RequestInit = {}) => answerOf((signal) => fetch(url, { redirect: "manual", ...init, signal }));

/** A check of an answer: null when it is what the case expects, else what is wrong with it. */
export type Expectation = (answer: Answer) => string | null;

const detailOf = (answer: Answer): unknown => {
  try {
    return (JSON.parse(answer.text) as { detail?: unknown }).detail;
  } catch {
    return undefined;
  }
};

/** Any 4xx: for refusals made before our code runs (Node's header limit, Next.js's URL decoding). */
export const clientError: Expectation = (a) => (a.status >= 400 && a.status < 500 ? null : `expected a 4xx, got ${a.status || a.text}`);

/** A 4xx in the documented JSON shape ({"detail": "…"}), of one of `statuses` when given. */
export const jsonError =
  (...statuses: number[]): Expectation =>
  (a) => {
    const wrong = clientError(a);
    if (wrong) return wrong;
    if (statuses.length > 0 && !statuses.includes(a.status)) return `expected ${statuses.join(" or ")}, got ${a.status}`;
    return typeof detailOf(a) === "string" ? null : "no JSON {detail} in the answer";
  };

/** A genuine gateway message arriving late or again: acknowledged (2xx or the browser sent on), moving nothing. */
export const acknowledged: Expectation = (a) =>
  (a.status >= 200 && a.status < 300) || a.status === 303 ? null : `expected an acknowledgement (2xx or 303), got ${a.status || a.text}`;

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
