/** Whether a Stripe API key is a test or a live one (secret sk_ or restricted rk_), or null when it is neither. */
export function stripeKeyMode(key: string): "test" | "live" | null {
  const match = /^(?:sk|rk)_(test|live)_[A-Za-z0-9]+$/.exec(key);
  return match ? (match[1] as "test" | "live") : null;
}

/** What is wrong with Stripe credentials about to be saved, by their form only (no call to Stripe). */
export function stripeCredentialErrors(values: Record<string, string>, setting: { sandbox: boolean }): Record<string, string> {
  const errors: Record<string, string> = {};
  if (values.secret_key !== undefined) {
    const mode = stripeKeyMode(values.secret_key);
    if (!mode) errors.secret_key = "Enter a Stripe secret key (sk_test_…, sk_live_…) or restricted key (rk_…); the publishable key (pk_…) is not enough.";
    else if (setting.sandbox && mode === "live") errors.secret_key = "This setting is in sandbox mode: enter a test key (sk_test_…), or switch the setting to production.";
    else if (!setting.sandbox && mode === "test") errors.secret_key = "This setting is in production mode: enter a live key (sk_live_…), or switch the setting to sandbox.";
  }
  if (values.webhook_signing_secret !== undefined && !/^whsec_[A-Za-z0-9]+$/.test(values.webhook_signing_secret)) {
    errors.webhook_signing_secret = "Enter the webhook endpoint's signing secret (whsec_…), shown under Developers → Webhooks in Stripe.";
  }
  return errors;
}
