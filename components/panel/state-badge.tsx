import { type StateKind, stateWord, type Tone } from "@/lib/panel/admin/state-words";

// Colour always beside the word, never instead of it; each tone keeps 4.5:1 contrast (WCAG AA).
const TONES: Record<Tone, string> = {
  good: "bg-green-100 text-green-900 ring-green-700/30",
  bad: "bg-red-100 text-red-900 ring-red-700/30",
  waiting: "bg-amber-100 text-amber-950 ring-amber-700/30",
  neutral: "bg-slate-200 text-slate-900 ring-slate-600/30",
};

const SHAPE = "inline-block whitespace-nowrap rounded px-1.5 py-0.5 text-xs font-semibold ring-1 ring-inset";

/**
 * A state as the panel shows it: the word itself, coloured by what it means, explained in its title (and to
 * screen readers, since a title alone is not read everywhere, in a visually hidden note).
 */
export function StateBadge({ kind, state }: { kind: StateKind; state: string }) {
  const { tone, meaning } = stateWord(kind, state);
  return (
    <span className={`${SHAPE} ${TONES[tone]}`} title={meaning || undefined} data-tone={tone}>
      {state}
      {meaning ? <span className="sr-only">: {meaning}</span> : null}
    </span>
  );
}

/** A badge outside the state tables (e.g. "deleted"), with its own tone and explanation. */
export function Badge({ tone, title, children }: { tone: Tone; title?: string; children: string }) {
  return (
    <span className={`${SHAPE} ${TONES[tone]}`} title={title} data-tone={tone}>
      {children}
    </span>
  );
}
