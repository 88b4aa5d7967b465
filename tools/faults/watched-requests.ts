// Every request an experiment's clients send, with how it ended: a whole answer, a refused connection (nothing
// was sent: a client may go elsewhere) or a connection lost after the request went out (a reset).

export interface SentRequest {
  port: number;
  /** Date.now() when the request was sent, and when its answer had fully arrived or it failed. */
  at: number;
  end: number | null;
  status: number | null;
  /** null while answered; "refused" or the network error's code otherwise. */
  error: string | null;
}

// Statuses whose answer may not carry a body (the Fetch standard's "null body status").
const NULL_BODY = new Set([101, 103, 204, 205, 304]);

/**
 * Replaces the global fetch (which the shared bench helpers use) with one that reads every answer whole before
 * handing it over, and notes each request in `sent`; `restore()` puts the original back.
 */
export function watchRequests(): { sent: SentRequest[]; restore(): void } {
  const original = globalThis.fetch;
  const sent: SentRequest[] = [];
  globalThis.fetch = async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const entry: SentRequest = { port: Number(url.port), at: Date.now(), end: null, status: null, error: null };
    sent.push(entry);
    try {
      const response = await original(input, init);
      const body = NULL_BODY.has(response.status) ? null : await response.arrayBuffer();
      Object.assign(entry, { end: Date.now(), status: response.status });
      return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
    } catch (error) {
      Object.assign(entry, { end: Date.now(), error: networkError(error) });
      throw error;
    }
  };
  return { sent, restore: () => void (globalThis.fetch = original) };
}

/** "refused" when the connection was never made, else the error's code (UND_ERR_SOCKET, ECONNRESET, …). */
export function networkError(error: unknown): string {
  const cause = (error as { cause?: { code?: string } }).cause;
  if (cause?.code === "ECONNREFUSED") return "refused";
  return cause?.code ?? (error as Error).name ?? "unknown";
}
