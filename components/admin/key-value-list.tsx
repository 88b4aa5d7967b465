import { Fragment } from "react";

/** A value of a JSON document in one line: text as it is, anything nested as JSON. */
const oneLine = (value: unknown): string =>
  value === null || value === undefined || value === "" ? "—" : typeof value === "object" ? JSON.stringify(value) : String(value);

/** A JSON object (a gateway's answer, an event's data) as a readable list of its keys and values. */
export function KeyValueList({ data }: { data: Record<string, unknown> | null }) {
  const entries = Object.entries(data ?? {});
  if (entries.length === 0) return <span className="text-slate-700">none</span>;
  return (
    <dl className="grid grid-cols-[max-content_1fr] gap-x-3 gap-y-0.5 font-mono text-xs">
      {entries.map(([key, value]) => (
        <Fragment key={key}>
          <dt className="text-slate-700">{key}</dt>
          <dd className="break-all">{oneLine(value)}</dd>
        </Fragment>
      ))}
    </dl>
  );
}
