import { type StateKind, stateLabel, stateWord, type Tone } from "@/lib/panel/admin/state-words";

// Colour always beside the word, never instead of it; each tone keeps 4.5:1 contrast (WCAG AA).
const TONES: Record<Tone, string> = {
  good: "bg-green-100 text-green-900 ring-green-700/30",
  bad: "bg-red-100 text-red-900 ring-red-700/30",
  waiting: "bg-amber-100 text-amber-950 ring-amber-700/30",
  returned: "bg-violet-100 text-violet-900 ring-violet-700/30",
  neutral: "bg-slate-200 text-slate-900 ring-slate-600/30",
};

const SHAPE = "inline-block whitespace-nowrap rounded ring-1 ring-inset font-semibold";
const SIZES = { small: "px-1.5 py-0.5 text-xs", large: "rounded-full px-2.5 py-0.5 text-sm" };

/**
 * A state as the panel shows it: the word itself, coloured by what it means, explained in its title (and to
 * screen readers, since a title alone is not read everywhere, in a visually hidden note). Large in a page's
 * header, where it reads "State: Paid" and the meaning is written out beside it.
 */
export function StateBadge({ kind, state, size = "small" }: { kind: StateKind; state: string; size?: keyof typeof SIZES }) {
  const { tone, meaning } = stateWord(kind, state);
  if (size === "large") {
    return (
      <span className={`${SHAPE} ${SIZES.large} ${TONES[tone]}`} data-tone={tone}>
        <span className="sr-only">State: </span>
        {stateLabel(state)}
      </span>
    );
  }
  return (
    <span className={`${SHAPE} ${SIZES.small} ${TONES[tone]}`} title={meaning || undefined} data-tone={tone}>
      {state}
      {meaning ? <span className="sr-only">: {meaning}</span> : null}
    </span>
  );
}

/** A badge outside the state tables (e.g. "deleted"), with its own tone and explanation. */
export function Badge({ tone, title, children }: { tone: Tone; title?: string; children: string }) {
  return (
    <span className={`${SHAPE} ${SIZES.small} ${TONES[tone]}`} title={title} data-tone={tone}>
      {children}
    </span>
  );
}
