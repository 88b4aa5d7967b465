/** Whether a key still authenticates: revoked and expired keys are refused. */
export function apiKeyState(key: { revoked_at: Date | null; expires_at: Date | null }, now = new Date()): "revoked" | "expired" | "active" {
  if (key.revoked_at) return "revoked";
  return key.expires_at && key.expires_at <= now ? "expired" : "active";
}
