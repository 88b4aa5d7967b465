import { CHANNEL_NAMES } from "@/lib/delivery/notifications/channels";
import { MESSAGE_CHANNELS, MESSAGE_STATES } from "@/lib/delivery/notifications/list-messages";
import { primaryButton } from "./panel-styles";

/** The message log's filters: a plain GET form, so a filtered page has its own address. */
export function MessageFilters({ channel, state }: { channel: string; state: string }) {
  const select = "mt-1 block rounded border border-slate-500 bg-white px-2 py-1.5";
  return (
    <form method="get" action="/admin/messages" className="mt-4 flex flex-wrap items-end gap-4 rounded border border-slate-300 bg-white p-4">
      <div>
        <label htmlFor="filter-channel" className="block text-sm font-medium">
          Channel
        </label>
        <select id="filter-channel" name="channel" defaultValue={channel} className={select}>
          <option value="">All</option>
          {MESSAGE_CHANNELS.map((c) => (
            <option key={c} value={c}>
              {CHANNEL_NAMES[c]}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor="filter-state" className="block text-sm font-medium">
          State
        </label>
        <select id="filter-state" name="state" defaultValue={state} className={select}>
          <option value="">All</option>
          {MESSAGE_STATES.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className={primaryButton}>
        Show
      </button>
    </form>
  );
}
