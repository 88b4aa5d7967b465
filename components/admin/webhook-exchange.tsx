// What went over the wire for one webhook: the headers sent and the receiver's answer. Shared by the delivery
// view (server) and the settings page's test webhook (client), so it holds no state. React escapes the text:
// an answer with markup shows as text.

const pre = "mt-1 max-h-64 overflow-auto rounded border border-slate-300 bg-slate-50 p-2 font-mono text-xs break-all whitespace-pre-wrap";

/** The headers sent, name: value; the signature already masked where they were recorded. */
export function SentHeaders({ headers }: { headers: Record<string, string> | null }) {
  if (!headers) return <p className="mt-1 text-sm text-slate-700">Not recorded: sent before the panel kept headers.</p>;
  return (
    <dl className="mt-1 grid grid-cols-[max-content_1fr] gap-x-3 gap-y-0.5 font-mono text-xs">
      {Object.entries(headers).map(([name, value]) => (
        <div key={name} className="contents">
          <dt className="font-semibold">{name}</dt>
          <dd className="break-all">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Text shown as it is (a body sent, the start of an answer), scrollable, wrapped. */
export function RawText({ text, label }: { text: string | null; label: string }) {
  if (text === null) return <p className="mt-1 text-sm text-slate-700">None: no answer came.</p>;
  if (text === "") return <p className="mt-1 text-sm text-slate-700">Empty.</p>;
  return (
    // Scrollable, so reachable by keyboard.
    <pre tabIndex={0} aria-label={label} className={pre}>
      {text}
    </pre>
  );
}
