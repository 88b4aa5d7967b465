import { NotAllowed } from "@/components/admin/not-allowed";
import { formatPanelTime } from "@/lib/panel/admin/format-panel-time";
import { panelTimeZone } from "@/lib/panel/admin/panel-time-zone";
import { SettingsForm } from "@/components/admin/settings-form";
import { RevealKeyForm } from "@/components/admin/reveal-key-form";
import { TestWebhookForm } from "@/components/admin/test-webhook-form";
import { WebhookKeyForm } from "@/components/admin/webhook-key-form";
import { settingsFormValues } from "@/lib/panel/admin/settings-form-values";
import { signedInAdmin } from "@/lib/panel/admin/signed-in-admin";
import { appContext } from "@/lib/core/context";
import { readSettings } from "@/lib/config/settings/read-settings";
import { revealWebhookKeyAction, rotateWebhookKeyAction, saveSettingsAction, sendTestWebhookAction } from "./actions";

const utc = (date: Date) => formatPanelTime(date, panelTimeZone());

/**
 * The service's settings, the webhook signing key (shown after the user types their password again, or once when
 * generated) and a test webhook.
 */
export default async function SettingsPage() {
  const admin = await signedInAdmin();
  if (!admin.isSuperuser) return <NotAllowed what="settings" />;
  const settings = await readSettings({ ctx: appContext() });
  const rotatedAt = settings.webhook_hmac_key_rotated_at;
  const previousUntil = settings.webhook_hmac_previous_key_until;
  return (
    <main className="max-w-3xl">
      <h1 className="text-2xl font-semibold">Settings</h1>
      <SettingsForm action={saveSettingsAction} initial={settingsFormValues(settings)} />

      <section aria-labelledby="webhook-key-heading" className="mt-10 rounded border border-slate-300 bg-white p-4">
        <h2 id="webhook-key-heading" className="text-lg font-semibold">
          Webhook signing key
        </h2>
        <p className="mt-2 text-sm">
          Signs every webhook: the payload&apos;s <code>signature</code> and the Standard Webhooks{" "}
          <code>webhook-signature</code> header.
        </p>
        <p className="mt-2 text-sm font-medium">
          {settings.webhook_hmac_key_set
            ? `Set${rotatedAt ? `, last rotated at ${utc(rotatedAt)}` : ""}.`
            : "Not set: webhooks are sent unsigned."}
        </p>
        {previousUntil && previousUntil > new Date() ? (
          <p className="mt-1 text-sm">The previous key also signs until {utc(previousUntil)}.</p>
        ) : null}
        {settings.webhook_hmac_key_set ? <RevealKeyForm action={revealWebhookKeyAction} /> : null}
        <WebhookKeyForm action={rotateWebhookKeyAction} hasKey={settings.webhook_hmac_key_set} />
      </section>

      <section aria-labelledby="test-webhook-heading" className="mt-6 rounded border border-slate-300 bg-white p-4">
        <h2 id="test-webhook-heading" className="text-lg font-semibold">
          Send a test webhook
        </h2>
        <p className="mt-2 text-sm">
          Posts a sample payment result (<code>&quot;test&quot;: true</code>, about no transaction), signed as every webhook is, to the URL
          you type, and shows the receiver&apos;s answer. Private and local addresses are refused as for real deliveries.
        </p>
        <TestWebhookForm action={sendTestWebhookAction} />
      </section>
    </main>
  );
}
