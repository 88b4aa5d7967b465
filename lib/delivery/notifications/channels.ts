/** The ways a customer is told: e-mail (customer_email and email_recipients) and SMS (customer_phone). */
export const CHANNELS = ["email", "sms"] as const;
export type Channel = (typeof CHANNELS)[number];
