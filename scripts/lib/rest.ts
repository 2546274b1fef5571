/** Calls the API as a signed-in script would: `POST` wraps the body in its model's name; a refusal stops the script. */
export async function rest<T>(
  base: string,
  token: string,
  path: string,
  query: Record<string, string | number>,
  post?: { model: string; body: unknown },
): Promise<T> {
  const search = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]));
  const res = await fetch(`${base}/rest${path}?${search}`, {
    method: post ? 'POST' : 'GET',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: post ? JSON.stringify({ [post.model]: post.body }) : undefined,
  });
  const json = (await res.json()) as { data?: T; errors?: unknown };
  if (json.data === undefined) throw new Error(`${path}: HTTP ${res.status} ${JSON.stringify(json.errors)}`);
  return json.data;
}
