const MAX_ID = 2n ** 63n - 1n;

/** Whether a string is an id PostgreSQL can hold as a bigint (another one names nothing, and would make the query fail). */
export function isBigintId(value: string): boolean {
  return /^\d{1,19}$/.test(value) && BigInt(value) <= MAX_ID;
}
