import type { ServerResponse } from "node:http";
import { describe, expect, it } from "vitest";
import { answerStatus, withPageStatus } from "@/lib/http/page-status";

// A page's status (404 for an unknown payment, 403 for "Not allowed"): set on the response the web server runs the
// request with, for a document only (the real pages: e2e/status-codes.spec.ts).

const response = (headersSent = false) => ({ statusCode: 200, headersSent }) as ServerResponse;

describe("page status", () => {
  it("a document request takes the status a page answers, also from later in the request", async () => {
    const res = response();
    await withPageStatus({ headers: {} }, res, async () => {
      await new Promise((resolve) => setImmediate(resolve));
      answerStatus(404);
    });
    expect(res.statusCode).toBe(404);
  });

  it("a client-side navigation's payload and a server action's answer stay 200", () => {
    for (const headers of [{ rsc: "1" }, { "next-action": "abc" }]) {
      const res = response();
      withPageStatus({ headers }, res, () => answerStatus(403));
      expect(res.statusCode).toBe(200);
    }
  });

  it("changes nothing once the headers are sent, or outside a request", () => {
    const res = response(true);
    withPageStatus({ headers: {} }, res, () => answerStatus(404));
    expect(res.statusCode).toBe(200);
    expect(() => answerStatus(404)).not.toThrow();
  });
});
