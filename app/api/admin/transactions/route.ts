import { listTransactions } from "@/lib/panel/admin/list-transactions";
import { requestAdmin } from "@/lib/panel/admin/request-admin";
import { appContext } from "@/lib/core/context";
import { handleRoute } from "@/lib/http/handle-route";

export const dynamic = "force-dynamic";

const NO_STORE = { "Cache-Control": "no-store" };

// The list's live refresh polls this (the page's own filters, scoped to the signed-in admin's gateways). Outside
// /admin, so the proxy does not count the polls as activity: an open tab does not keep an idle session alive.
export const GET = handleRoute(async (request) => {
  const ctx = appContext();
  const caller = await requestAdmin(ctx, request);
  if (!caller) {
    return Response.json(
      { detail: "Sign in to the admin panel." },
      { status: 401, headers: { ...NO_STORE, "WWW-Authenticate": 'Session realm="admin"' } },
    );
  }
  const page = await listTransactions({ ctx, input: { caller, params: new URL(request.url).searchParams } });
  if (Object.keys(page.errors).length > 0) return Response.json(page.errors, { status: 400, headers: NO_STORE });
  const { items, newer, older, first } = page;
  return Response.json({ items, newer, older, first }, { headers: NO_STORE });
});
