import Link from "next/link";
import { CHANNEL_NAMES } from "@/lib/delivery/notifications/channels";
import type { listMessages } from "@/lib/delivery/notifications/list-messages";
import { link, td } from "./panel-styles";
import { PanelTable } from "./panel-table";
import { DateTime } from "@/components/panel/date-time";
import { StateBadge } from "@/components/panel/state-badge";

type Message = Awaited<ReturnType<typeof listMessages>>[number];

/** E-mails, SMS and WhatsApp messages as the CLI prints them: time, channel, recipient, state, provider, text, last error. */
export function MessagesTable({ messages, caption, withTransaction }: { messages: Message[]; caption: string; withTransaction: boolean }) {
  return (
    <PanelTable
      caption={caption}
      columns={["Time", "Channel", "Recipient", "State", "Message", "Provider", "Last error", ...(withTransaction ? ["Transaction"] : [])]}
    >
      {messages.map((m) => (
        <tr key={m.id}>
          <td className={`${td} whitespace-nowrap`}>
            <DateTime value={m.created_at} />
          </td>
          <td className={td}>{CHANNEL_NAMES[m.channel]}</td>
          <th scope="row" className={`${td} break-all font-normal`}>
            {m.recipient}
          </th>
          <td className={td}>
            <StateBadge kind="message" state={m.state} />
          </td>
          <td className={td}>
            <details>
              <summary className="cursor-pointer">{m.subject ?? m.body.split("\n")[0]}</summary>
              <pre className="mt-1 max-w-prose whitespace-pre-wrap font-sans text-xs">{m.body}</pre>
            </details>
          </td>
          <td className={`${td} break-all`}>{m.provider ? `${m.provider} ${m.provider_message_id ?? ""}`.trim() : "—"}</td>
          <td className={td}>{m.error ?? "—"}</td>
          {withTransaction ? (
            <td className={td}>
              {m.session_id ? (
                <Link className={`${link} font-mono text-xs`} href={`/admin/transactions/${m.session_id}`}>
                  {m.session_id.slice(0, 12)}…<span className="sr-only"> (open the transaction)</span>
                </Link>
              ) : (
                "—"
              )}
            </td>
          ) : null}
        </tr>
      ))}
    </PanelTable>
  );
}
