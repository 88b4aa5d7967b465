import { serve } from "inngest/next";
import { inngest } from "@/inngest/client";
import { functions } from "@/inngest/functions";

// The Inngest endpoint (JOB_ENGINE=inngest): Inngest syncs the functions with PUT and runs their steps with
// POST; requests are verified with INNGEST_SIGNING_KEY (INNGEST_DEV=on for a local dev server).
export const dynamic = "force-dynamic";

export const { GET, POST, PUT } = serve({ client: inngest, functions, servePath: "/api/inngest" });
