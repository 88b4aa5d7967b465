import { serve } from "inngest/next";
import type { NextRequest } from "next/server";
import { inngest } from "@/inngest/client";
import { functions } from "@/inngest/functions";
import { env } from "@/lib/core/env";
import { NotFound } from "@/lib/core/errors";
import { handleRoute } from "@/lib/http/handle-route";

// The Inngest endpoint (JOB_ENGINE=inngest): Inngest syncs the functions with PUT and runs their steps with
// POST; calls are verified with INNGEST_SIGNING_KEY (INNGEST_DEV=on for a local dev server). With the embedded
// engine nothing is served here.
export const dynamic = "force-dynamic";

const served = serve({ client: inngest, functions, servePath: "/api/inngest" });

const handler = (method: "GET" | "POST" | "PUT") =>
  handleRoute(async (request) => {
    if (env.JOB_ENGINE !== "inngest") throw new NotFound();
    return served[method](request as NextRequest, undefined);
  });

export const GET = handler("GET");
export const POST = handler("POST");
export const PUT = handler("PUT");
