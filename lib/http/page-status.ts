import type { ServerResponse } from "node:http";
import { inRequestScope, type PageResponse, requestScope } from "@/lib/core/request-scope";

// A page's HTTP status. Next.js gives a page no way to set one: notFound() and forbidden() do answer 404 and 403,
// but with an empty document that the browser draws with scripts only (vercel/next.js#62228), and the customer
// pages must work without them. So a page renders what it shows as usual and calls answerStatus(); the web server
// (server/web-server.ts) runs each request with the response at hand, and Next.js keeps a status set before it
// renders a page (it sets one itself only for its own 404s, errors and redirects).

/**
 * Runs the web server's handling of one request. Only a document request takes a page's status: the payload of a
 * client-side navigation or a server action stays 200, as Next.js's client router expects (it loads the address
 * as a document otherwise).
 */
export function withPageStatus<T>(req: { headers: Record<string, string | string[] | undefined> }, res: ServerResponse, handle: () => T): T {
  const document = req.headers.rsc === undefined && req.headers["next-action"] === undefined;
  const page: PageResponse = {
    setStatus: (status) => {
      if (document && !res.headersSent) res.statusCode = status;
    },
  };
  return inRequestScope({ page }, handle);
}

/** This page's response answers `status` (404 for an unknown payment, 403 for a screen the user may not open). */
export function answerStatus(status: 403 | 404): void {
  requestScope()?.page?.setStatus(status);
}
