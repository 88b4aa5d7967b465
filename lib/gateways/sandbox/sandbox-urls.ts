import { env } from "@/lib/core/env";

/** Pages of the simulated gateway (served by this app, standing in for a gateway's own site). */
export const sandboxCardPageUrl = (reference: string) => `${env.APP_URL}/sandbox/pay/${reference}`;
export const sandboxChallengeUrl = (reference: string) => `${env.APP_URL}/sandbox/3ds/${reference}`;

/** Where the sandbox returns the customer's browser, and where it posts its server-to-server callback. */
export const sandboxReturnUrl = () => `${env.APP_URL}/b/checkout/gateway/sandbox/return/`;
/** The callback goes to this server directly, not through a public proxy it may not be able to reach. */
export const sandboxCallbackUrl = () =>
  `http://${env.HOST === "0.0.0.0" || env.HOST === "::" ? "127.0.0.1" : env.HOST}:${env.PORT}/b/checkout/gateway/sandbox/callback/`;
