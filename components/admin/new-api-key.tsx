"use client";

import { useState } from "react";
import { primaryButton } from "./panel-styles";


/**
 * A key just created, shown this once: in a read-only field (select it and copy it by hand) and with a button
 * that copies it. Where the browser has no clipboard access (a page not served over https, a refusal) the
 * button says so and selects the key instead.
 */
export function NewApiKey({ name, kind, apiKey }: { name: string; kind: "private" | "public"; apiKey: string }) {
  const [copied, setCopied] = useState<"copied" | "failed" | null>(null);
  async function copy() {
    try {
      await navigator.clipboard.writeText(apiKey);
      setCopied("copied");
    } catch {
      setCopied("failed");
      (document.getElementById("new-api-key") as HTMLInputElement | null)?.select();
    }
  }
  return (
    <section aria-labelledby="new-api-key-heading" className="mt-4 rounded border border-amber-400 bg-amber-50 p-4">
      <h3 id="new-api-key-heading" className="font-semibold">
        The {kind} key of {name}
      </h3>
      <p className="mt-1 text-sm">Copy it now: it is shown only this once and cannot be shown again (only its hash is kept).</p>
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <label htmlFor="new-api-key" className="sr-only">
          {kind === "private" ? "Private key" : "Public key"}
        </label>
        <input
          id="new-api-key"
          readOnly
          value={apiKey}
          onFocus={(event) => event.target.select()}
          className="w-[min(40rem,100%)] rounded border border-slate-400 bg-white px-2 py-1.5 font-mono text-sm"
        />
        <button type="button" onClick={copy} className={primaryButton}>
          Copy key
        </button>
      </div>
      <p role="status" className="mt-2 text-sm">
        {copied === "copied" ? "Copied to the clipboard." : copied === "failed" ? "This browser did not allow copying: the key is selected above, copy it with Ctrl+C (⌘C)." : ""}
      </p>
    </section>
  );
}
