import { STATE_WORDS, type StateTone } from "@/lib/panel/admin/transaction-state-words";

// Colours that tell states apart at a glance; the word inside says it for anyone who cannot tell the colours.
const TONES: Record<StateTone, string> = {
  waiting: "border-amber-400 bg-amber-50 text-amber-900",
  good: "border-green-600 bg-green-50 text-green-900",
  returned: "border-violet-500 bg-violet-50 text-violet-900",
  bad: "border-red-600 bg-red-50 text-red-900",
  closed: "border-slate-400 bg-slate-100 text-slate-800",
};

/** A transaction's state as a coloured badge carrying its word. */
export function StateBadge({ state }: { state: keyof typeof STATE_WORDS }) {
  const words = STATE_WORDS[state];
  return (
    <span className={`inline-block rounded-full border px-2.5 py-0.5 text-sm font-semibold ${TONES[words.tone]}`}>
      <span className="sr-only">State: </span>
      {words.label}
    </span>
  );
}
