const cookiesOf = (response: Response) => response.headers.getSetCookie().map((c) => c.split(";")[0]!);

/**
 * next-auth's credentials sign-in as the login form sends it (its CSRF cookie and token first, `json: true`);
 * `fields` beside or over the token (a test leaves it out with `csrfToken: ""`), as a form or as JSON. Returns the
 * raw answer.
 */
export async function postSignIn(baseUrl: string, fields: Record<string, string>, as: "form" | "json" = "form", signal?: AbortSignal): Promise<Response> {
  const csrf = await fetch(`${baseUrl}/api/auth/csrf`);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const all = { csrfToken, json: "true", ...fields };
  return fetch(`${baseUrl}/api/auth/callback/credentials`, {
    method: "POST",
    headers: {
      "Content-Type": as === "json" ? "application/json" : "application/x-www-form-urlencoded",
      Cookie: cookiesOf(csrf).join("; "),
    },
    body: as === "json" ? JSON.stringify(all) : new URLSearchParams(all),
    redirect: "manual",
    signal,
  });
}

/** Signs in through next-auth's credentials flow, as the login form does; returns the session cookie. */
export async function signIn(baseUrl: string, username: string, password: string): Promise<string> {
  const response = await postSignIn(baseUrl, { username, password });
  const session = cookiesOf(response).find((c) => c.includes("next-auth.session-token="));
  if (!session) throw new Error(`Signing in as ${username} answered ${response.status} without a session cookie.`);
  return session;
}
