import { ApiClient } from './api-client';

export const ROOT = { username: 'root', password: 'root-pass-1' };

/** Runs first-run setup and returns a client signed in as root. */
export async function setupRoot(baseUrl: string): Promise<ApiClient> {
  const root = new ApiClient(baseUrl);
  const res = await root.post('/api/setup', {
    ...ROOT,
    confirmPassword: ROOT.password,
    SelfUseModeEnabled: false,
    DemoSiteEnabled: false,
  });
  if (res.status >= 300) throw new Error(`setup failed: ${JSON.stringify(res.body)}`);
  await login(root, ROOT.username, ROOT.password);
  return root;
}

export async function login(client: ApiClient, username: string, password: string) {
  const res = await client.post('/api/user/login', { username, password });
  if (res.status !== 200) throw new Error(`login ${username} failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data as { id: number; role: number };
}

/** Creates a user through the admin API and returns a client signed in as that user. */
export async function createUser(admin: ApiClient, username: string, password = 'user-pass-1', role?: number) {
  const res = await admin.post('/api/user/', { username, password, display_name: username, role });
  if (res.status >= 300) throw new Error(`create ${username} failed: ${res.status} ${JSON.stringify(res.body)}`);
  const client = new ApiClient(admin.baseUrl);
  const me = await login(client, username, password);
  return { client, id: me.id, username, password };
}

/** Sets an option as root. */
export async function setOption(root: ApiClient, key: string, value: string) {
  const res = await root.put('/api/option/', { key, value });
  if (res.status >= 300) throw new Error(`option ${key} failed: ${JSON.stringify(res.body)}`);
}
