/**
 * The ways a customer is told: e-mail (customer_email and email_recipients), SMS and WhatsApp (both to
 * customer_phone, with the same text, through Twilio).
 */
export const CHANNELS = ["email", "sms", "whatsapp"] as const;
export type Channel = (typeof CHANNELS)[number];

/** The channels Twilio's Messages API carries. */
export type TwilioChannel = Exclude<Channel, "email">;

/** How the panel and the CLI name the channels. */
export const CHANNEL_NAMES: Record<Channel, string> = { email: "E-mail", sms: "SMS", whatsapp: "WhatsApp" };
