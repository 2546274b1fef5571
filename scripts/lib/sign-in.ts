/** Signs in through the API as a script would and returns the session token; a refusal stops the script. */
export async function signIn(base: string, { username, password }: { username: string; password: string }): Promise<string> {
  const res = await fetch(`${base}/rest/site/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ LoginForm: { username, password } }),
  });
  const json = (await res.json()) as { data?: { access_token: string }; errors?: unknown };
  if (!json.data) throw new Error(`sign-in failed: HTTP ${res.status} ${JSON.stringify(json.errors)}`);
  return json.data.access_token;
}
