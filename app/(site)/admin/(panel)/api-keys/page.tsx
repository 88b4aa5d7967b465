import { ActionButton } from "@/components/admin/action-button";
import { CreateApiKeyForm } from "@/components/admin/create-api-key-form";
import { NotAllowed } from "@/components/admin/not-allowed";
import { When } from "@/components/admin/when";
import { signedInAdmin } from "@/lib/admin/signed-in-admin";
import { apiKeyState } from "@/lib/api-keys/api-key-state";
import { listApiKeys } from "@/lib/api-keys/list-api-keys";
import { appContext } from "@/lib/context";
import { createApiKeyAction, revokeApiKeyAction } from "./actions";

const cell = "py-2 pr-4 align-top";
const STATE_LABEL = { active: "Active", expired: "Expired", revoked: "Revoked" } as const;

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
        Merchants call the API with <code>Authorization: Api-Key &lt;private key&gt;</code>. A key may use every gateway and
        action. &ldquo;Last used&rdquo; is kept to the minute.
      </p>
      <table className="mt-4 w-full text-left text-sm">
        <thead>
          <tr className="border-b border-slate-300">
            <th scope="col" className={cell}>Name</th>
            <th scope="col" className={cell}>Prefix</th>
            <th scope="col" className={cell}>Created</th>
            <th scope="col" className={cell}>Last used</th>
            <th scope="col" className={cell}>Expires</th>
            <th scope="col" className={cell}>State</th>
            <th scope="col" className={cell}>
              <span className="sr-only">Revoke</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {keys.map((key) => {
            const state = apiKeyState(key, now);
            return (
              <tr key={key.id} className="border-b border-slate-200">
                <th scope="row" className={`${cell} font-medium`}>
                  {key.name}
                </th>
                <td className={`${cell} font-mono`}>{key.prefix}…</td>
                <td className={cell}>
                  <When at={key.created_at} otherwise="" />
                </td>
                <td className={cell}>
                  <When at={key.last_used_at} otherwise="Never" />
                </td>
                <td className={cell}>
                  <When at={key.expires_at} otherwise="Never" />
                </td>
                <td className={cell}>{STATE_LABEL[state]}</td>
                <td className={cell}>
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
        </tbody>
      </table>
      <h2 className="mt-8 text-lg font-semibold">Create an API key</h2>
      <CreateApiKeyForm action={createApiKeyAction} />
    </main>
  );
}
