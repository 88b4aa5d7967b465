import type { TimelineEntry } from "@/lib/panel/admin/event-words";
import { UtcTime } from "./utc-time";

const MARKS: Record<TimelineEntry["tone"], string> = {
  good: "bg-green-600",
  bad: "bg-red-600",
  neutral: "bg-slate-400",
};

/** The transaction's story in sentences, oldest first, each with its moment (the marks' colours only repeat the words). */
export function TransactionTimeline({ entries }: { entries: TimelineEntry[] }) {
  return (
    <ol className="mt-3 border-l-2 border-slate-300 pl-4 text-sm">
      {entries.map((entry, i) => (
        // The list is rebuilt whole on every render: an entry's place is its identity.
        <li key={i} className="relative pb-3">
          <span aria-hidden="true" className={`absolute top-1.5 -left-[1.3rem] h-2.5 w-2.5 rounded-full ${MARKS[entry.tone]}`} />
          <span className="block text-xs text-slate-700 tabular-nums">
            <UtcTime value={entry.at} />
          </span>
          <span className="block font-medium break-words">{entry.text}</span>
          {entry.detail ? <span className="block break-words text-slate-700">{entry.detail}</span> : null}
        </li>
      ))}
    </ol>
  );
}
