import type { Metadata } from "next";
import { StateLegend } from "@/components/panel/state-legend";
import { KeysetPager } from "@/components/admin/keyset-pager";
import { MessagesTable } from "@/components/admin/messages-table";
import { MessageFilters } from "@/components/admin/message-filters";
import { flattenFieldErrors } from "@/lib/panel/admin/flatten-field-errors";
import { signedInAdmin } from "@/lib/panel/admin/signed-in-admin";
import { appContext } from "@/lib/core/context";
import { ValidationFailed } from "@/lib/core/errors";
import { listMessages } from "@/lib/delivery/notifications/list-messages";

export const metadata: Metadata = { title: "Messages · Checkout admin" };

const PAGE = 50;

type Query = { channel?: string | string[]; state?: string | string[]; before?: string | string[] };

const one = (value: string | string[] | undefined) => (typeof value === "string" && value !== "" ? value : undefined);

/** The message log of `npm run admin -- messages`: e-mails, SMS and WhatsApp messages newest first, by channel and state. */
export default async function MessagesPage({ searchParams }: { searchParams: Promise<Query> }) {
  const admin = await signedInAdmin();
  const query = await searchParams;
  const filters = { channel: one(query.channel), state: one(query.state) };
  const before = one(query.before);
  // One more than a page: whether an older page exists.
  const rows = await listMessages({
    ctx: appContext(),
    input: { caller: admin, ...filters, before, limit: PAGE + 1 },
  }).catch((error: unknown) => {
    if (error instanceof ValidationFailed) return flattenFieldErrors(error.fields).join(" ");
    throw error;
  });
  const href = (cursor?: string) => {
    const params = new URLSearchParams(Object.entries({ ...filters, before: cursor }).filter((e): e is [string, string] => e[1] !== undefined));
    return `/admin/messages${params.size > 0 ? `?${params}` : ""}`;
  };
  return (
    <main>
      <h1 className="text-2xl font-semibold">Messages</h1>
      <MessageFilters channel={filters.channel ?? ""} state={filters.state ?? ""} />
      {typeof rows === "string" ? (
        <p role="alert" className="mt-4 text-red-800">
          {rows}
        </p>
      ) : rows.length === 0 ? (
        <p className="mt-6">No messages{filters.channel || filters.state ? " with these filters" : ""}.</p>
      ) : (
        <>
          <MessagesTable messages={rows.slice(0, PAGE)} caption="E-mails, SMS and WhatsApp messages, newest first" withTransaction />
          <StateLegend kind="message" />
          <KeysetPager
            label="Pages of messages"
            newestHref={href()}
            olderHref={rows.length > PAGE ? href(rows[PAGE - 1]!.id) : null}
            onFirstPage={!before}
          />
        </>
      )}
    </main>
  );
}
