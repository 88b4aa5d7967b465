/** Payment gateways this build has adapters for (the `pg` of a gateway setting). */
export const KNOWN_PGS = ["sandbox", "knet", "stripe", "mpgs"] as const;
export type KnownPg = (typeof KNOWN_PGS)[number];
