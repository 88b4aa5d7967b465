import Link from "next/link";
import { NotAllowed } from "@/components/admin/not-allowed";
import { allMessages } from "@/components/admin/form-messages";
import { DateTime } from "@/components/panel/date-time";
import { signedInAdmin } from "@/lib/panel/admin/signed-in-admin";
import { AUDIT_ENTITIES, listAuditLog } from "@/lib/access/audit/list-audit-log";
import { appContext } from "@/lib/core/context";
import { ValidationFailed } from "@/lib/core/errors";
import { secondaryButton, td } from "@/components/admin/panel-styles";
import { PanelTable } from "@/components/admin/panel-table";

type Search = Record<string, string | string[] | undefined>;
const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value) || undefined;

/** The address of a page of the log: one entity or all, from the newest or older than an entry. */
function pageHref(entity: string | undefined, before?: string) {
  const query = new URLSearchParams();
  if (entity) query.set("entity", entity);
  if (before) query.set("before", before);
  return `/admin/audit-log${query.size ? `?${query}` : ""}`;
}

/** What was changed from the panel, newest first: who, when, what, and each changed field before → after. */
export default async function AuditLogPage({ searchParams }: { searchParams: Promise<Search> }) {
  const admin = await signedInAdmin();
  if (!admin.isSuperuser) return <NotAllowed what="the audit log" />;
  const search = await searchParams;
  const filter = { entity: first(search.entity), before: first(search.before) };
  const page = await listAuditLog({ ctx: appContext(), input: filter }).catch((error: unknown) => {
    // A hand-edited address: say what is wrong with it rather than fail.
    if (error instanceof ValidationFailed) return { entries: [], next: null, problem: allMessages(error.fields).join(" ") };
    throw error;
  });
  return (
    <main>
      <h1 className="text-2xl font-semibold">Audit log</h1>
      <form method="get" className="mt-4 flex flex-wrap items-end gap-3">
        <div>
          <label htmlFor="audit-entity" className="block text-sm font-medium">
            Entity
          </label>
          <select id="audit-entity" name="entity" defaultValue={filter.entity ?? ""} className="mt-1 rounded border border-slate-400 bg-white px-2 py-1.5">
            <option value="">All</option>
            {AUDIT_ENTITIES.map((entity) => (
              <option key={entity} value={entity}>
                {entity}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className={secondaryButton}>
          Show
        </button>
      </form>
      {"problem" in page ? (
        <p role="alert" className="mt-4 text-sm text-red-800">
          {page.problem}
        </p>
      ) : null}
      <PanelTable caption="Audit log, newest first" columns={["When", "Who", "Action", "Entity", "Changes"]}>
        {page.entries.map((entry) => (
          <tr key={entry.id}>
            <td className={td}>
              <DateTime value={entry.created_at} otherwise="" />
            </td>
            <td className={td}>{entry.actor}</td>
            <td className={`${td} font-mono`}>{entry.action}</td>
            <td className={td}>
              {entry.entity}
              {entry.entity_id ? ` ${entry.entity_id}` : ""}
            </td>
            <td className={td}>
              {entry.changes.length === 0 ? (
                "No field changed"
              ) : (
                <ul className="space-y-0.5">
                  {entry.changes.map((change) => (
                    <li key={change.field}>
                      <span className="font-mono">{change.field}</span>: {change.before ?? "(none)"} → {change.after ?? "(none)"}
                    </li>
                  ))}
                </ul>
              )}
            </td>
          </tr>
        ))}
      </PanelTable>
      {page.entries.length === 0 ? <p className="mt-4 text-sm">No entries.</p> : null}
      <nav aria-label="Audit log pages" className="mt-4 flex gap-4 text-sm">
        {filter.before ? (
          <Link href={pageHref(filter.entity)} className="text-blue-800 underline">
            Newest entries
          </Link>
        ) : null}
        {page.next ? (
          <Link href={pageHref(filter.entity, page.next)} className="text-blue-800 underline">
            Older entries
          </Link>
        ) : null}
      </nav>
    </main>
  );
}
