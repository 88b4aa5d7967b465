import { exportTransactions } from "@/lib/panel/admin/export-transactions";
import { requestAdmin } from "@/lib/panel/admin/request-admin";
import { appContext } from "@/lib/core/context";
import { handleRoute } from "@/lib/http/handle-route";
import { seeOther } from "@/lib/http/see-other";

export const dynamic = "force-dynamic";

// The list's CSV export: a link the browser follows, so a visitor without a session is sent to sign in.
export const GET = handleRoute(async (request) => {
  const ctx = appContext();
  const caller = await requestAdmin(ctx, request);
  if (!caller) return seeOther("/admin/login");
  const stream = await exportTransactions({ ctx, input: { caller, params: new URL(request.url).searchParams } });
  const stamp = new Date().toISOString().slice(0, 19).replace(/[-:]/g, "").replace("T", "-");
  return new Response(stream, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="transactions-${stamp}.csv"`,
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
});
