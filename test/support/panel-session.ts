// The panel's session cookie stood in for, in tests of pages and server actions: next-auth's getServerSession
// answers with the claims of a user signed in and last active a minute ago, at session version 0
// (lib/access/auth/active-admin.ts), or with no session. Use it from a vi.mock factory:
//   const session = vi.hoisted(() => ({ userId: null as string | null }));
//   vi.mock("next-auth", async (original) => (await import("../support/panel-session")).signedInAs(original, session));

export async function signedInAs<M extends object>(original: () => Promise<M>, session: { userId: string | null }) {
  return {
    ...(await original()),
    getServerSession: async () => {
      const minuteAgo = Math.floor(Date.now() / 1000) - 60;
      return session.userId ? { user: { uid: session.userId, signedInAt: minuteAgo, iat: minuteAgo, sv: 0 } } : null;
    },
  };
}
