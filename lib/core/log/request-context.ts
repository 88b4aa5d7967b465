import { AsyncLocalStorage } from "node:async_hooks";

export interface RequestContext {
  requestId: string;
}

// Carries the request id through everything a request does, so every log line can name it.
export const requestContext = new AsyncLocalStorage<RequestContext>();
