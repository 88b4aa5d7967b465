import { type StateKind, stateLegend } from "@/lib/panel/admin/state-words";
import { Badge } from "./state-badge";

/** What every state of a kind means, folded under the screen's table: a description list any reader can open. */
export function StateLegend({ kind, title = "What the states mean" }: { kind: StateKind; title?: string }) {
  return (
    <details className="mt-3 text-sm">
      <summary className="cursor-pointer text-slate-800 underline">{title}</summary>
      <dl className="mt-2 grid grid-cols-[max-content_1fr] gap-x-3 gap-y-1">
        {stateLegend(kind).map(({ state, tone, meaning }) => (
          <div key={state} className="contents">
            <dt>
              <Badge tone={tone}>{state}</Badge>
            </dt>
            <dd className="text-slate-700">{meaning}</dd>
          </div>
        ))}
      </dl>
    </details>
  );
}
