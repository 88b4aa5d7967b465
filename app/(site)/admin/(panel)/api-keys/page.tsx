import { ActionButton } from "@/components/admin/action-button";
import { CreateApiKeyForm } from "@/components/admin/create-api-key-form";
import { NotAllowed } from "@/components/admin/not-allowed";
import { td } from "@/components/admin/panel-styles";
import { PanelTable } from "@/components/admin/panel-table";
import { DateTime } from "@/components/panel/date-time";
import { StateBadge } from "@/components/panel/state-badge";
import { signedInAdmin } from "@/lib/panel/admin/signed-in-admin";
import { apiKeyState } from "@/lib/access/api-keys/api-key-state";
import { listApiKeys } from "@/lib/access/api-keys/list-api-keys";
import { appContext } from "@/lib/core/context";
import { createApiKeyAction, revokeApiKeyAction } from "./actions";

/** The API keys: which exist, when each was last used, whether it still works; create one, revoke one. */
export default async function ApiKeysPage() {
  const admin = await signedInAdmin();
  if (!admin.isSuperuser) return <NotAllowed what="API keys" />;
  const keys = await listApiKeys({ ctx: appContext() });
  const now = new Date();
  return (
    <main>
      <h1 className="text-2xl font-semibold">API keys</h1>
      <p className="mt-2 text-sm text-slate-700">
        Merchants call the API from their server with <code>Authorization: Api-Key &lt;private key&gt;</code>: a private key may
        use every gateway and action. A public key (<code>pk_…</code>) is for the embedded checkout in customers&apos; browsers:
        it only reads a transaction&apos;s checkout data and starts its payment, from the origins it lists. &ldquo;Last
        used&rdquo; is kept to the minute.
      </p>
      <PanelTable
        caption="API keys"
        columns={[
          "Name",
          "Kind",
          "Prefix",
          "Created",
          "Last used",
          "Expires",
          "State",
          <span key="revoke" className="sr-only">
            Revoke
          </span>,
        ]}
      >
        {keys.map((key) => {
          const state = apiKeyState(key, now);
          return (
            <tr key={key.id}>
              <th scope="row" className={`${td} font-medium`}>
                {key.name}
              </th>
              <td className={td}>
                <StateBadge kind="apiKeyKind" state={key.kind} />
                {key.allowed_origins.length > 0 ? (
                  <ul aria-label={`Allowed origins of ${key.name}`} className="mt-1 font-mono text-xs">
                    {key.allowed_origins.map((origin) => (
                      <li key={origin}>{origin}</li>
                    ))}
                  </ul>
                ) : null}
              </td>
              <td className={`${td} font-mono`}>{key.prefix}…</td>
              <td className={td}>
                <DateTime value={key.created_at} otherwise="" />
              </td>
              <td className={td}>
                <DateTime value={key.last_used_at} otherwise="Never" />
              </td>
              <td className={td}>
                <DateTime value={key.expires_at} otherwise="Never" />
              </td>
              <td className={td}>
                <StateBadge kind="apiKey" state={state} />
              </td>
              <td className={td}>
                <ActionButton
                  action={revokeApiKeyAction}
                  fields={{ id: key.id }}
                  label={`Revoke ${key.name}`}
                  offered={state === "active"}
                  confirm={{
                    title: `Revoke the API key ${key.name}?`,
                    description: "Calls with it are refused at once, in every process. This cannot be undone: a new key would have to be given to whoever uses it.",
                  }}
                />
              </td>
            </tr>
          );
        })}
      </PanelTable>
      <h2 className="mt-8 text-lg font-semibold">Create an API key</h2>
      <CreateApiKeyForm action={createApiKeyAction} />
    </main>
  );
}
