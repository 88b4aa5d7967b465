// Who did something to a transaction, in the words the panel shows: the API key's name, the admin's username.

export const apiKeyWords = (name: string) => `API key '${name}'`;
export const adminWords = (username: string) => `admin ${username}`;

/** Who asked for an operation (a duplicate payment is given back by the service itself), or null when unknown. */
export function requesterWords(o: { api_key: string | null; user: string | null; cause: string }): string | null {
  if (o.api_key) return apiKeyWords(o.api_key);
  if (o.user) return adminWords(o.user);
  return o.cause === "duplicate" ? "the service (duplicate payment)" : null;
}

/**
 * An event's `actor` ("api_key:1", "user:2", "allowed_address:10.0.0.1") by name, from the names the history
 * query resolved; a key or user no longer there keeps its number.
 */
export function actorWords(actor: unknown, names: Record<string, string>): string | null {
  if (typeof actor !== "string") return null;
  const [kind, id = ""] = actor.split(/:(.*)/s);
  const name = names[actor];
  if (kind === "api_key") return name ? apiKeyWords(name) : `API key #${id}`;
  if (kind === "user") return name ? adminWords(name) : `admin user #${id}`;
  if (kind === "allowed_address") return `the allowed address ${id}`;
  return actor;
}

/** Who created the transaction (the names its creator columns point to), or null for one created otherwise. */
export const creatorWords = (t: { created_by_api_key: string | null; created_by_user: string | null }): string | null =>
  t.created_by_api_key ? apiKeyWords(t.created_by_api_key) : t.created_by_user ? adminWords(t.created_by_user) : null;
