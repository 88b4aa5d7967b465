"use client";

import { useId, useState, useSyncExternalStore } from "react";
import { focusRing, secondaryButton } from "./panel-styles";

const subscribeToNothing = () => () => {};

/**
 * An address to copy: a read-only text field, selected when focused (without scripts, select it and copy by hand),
 * and, once scripts run, a Copy button. Where the browser refuses the clipboard (a page not served over https),
 * the button says so and selects the address instead.
 */
export function CopyField({ label, value }: { label: string; value: string }) {
  const id = useId();
  // False on the server and until scripts run: no button that would do nothing.
  const scripted = useSyncExternalStore(subscribeToNothing, () => true, () => false);
  const [copied, setCopied] = useState<"copied" | "failed" | null>(null);
  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
      setCopied("copied");
    } catch {
      setCopied("failed");
      (document.getElementById(id) as HTMLInputElement | null)?.select();
    }
  }
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      <div className="mt-1 flex flex-wrap items-center gap-2">
        <input
          id={id}
          readOnly
          value={value}
          onFocus={(event) => event.target.select()}
          className={`w-[min(36rem,100%)] rounded border border-slate-400 bg-white px-2 py-1.5 font-mono text-sm ${focusRing}`}
        />
        {scripted ? (
          <button type="button" onClick={copy} className={secondaryButton} aria-label={`Copy the ${label.toLowerCase()}`}>
            Copy
          </button>
        ) : null}
        <span role="status" className="text-sm text-green-800">
          {copied === "copied" ? "Copied." : copied === "failed" ? "Copying was not allowed: the address is selected, copy it with Ctrl+C (⌘C)." : ""}
        </span>
      </div>
    </div>
  );
}
