import { exportTransactions } from "@/lib/panel/admin/export-transactions";
import { requestAdmin } from "@/lib/panel/admin/request-admin";
import { appContext } from "@/lib/core/context";
import { handleRoute } from "@/lib/http/handle-route";
import { seeOther } from "@/lib/http/see-other";

export const dynamic = "force-dynamic";

const TYPES = { csv: ["text/csv; charset=utf-8", "csv"], json: ["application/x-ndjson; charset=utf-8", "jsonl"] } as const;

// The list's reconciliation export (docs/admin/export.md): a link the browser follows, so a visitor without a
// session is sent to sign in.
export const GET = handleRoute(async (request) => {
  const ctx = appContext();
  const caller = await requestAdmin(ctx, request);
  if (!caller) return seeOther("/admin/login");
  const { format, rows, stream } = await exportTransactions({ ctx, input: { caller, params: new URL(request.url).searchParams } });
  const stamp = new Date().toISOString().slice(0, 19).replace(/[-:]/g, "").replace("T", "-");
  const [type, extension] = TYPES[format];
  return new Response(stream, {
    headers: {
      "Content-Type": type,
      "Content-Disposition": `attachment; filename="${rows}-${stamp}.${extension}"`,
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
});
