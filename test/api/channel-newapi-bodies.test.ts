/**
 * new-api's channel editor bodies (docs/channel-types.md#new-api-editor-bodies): the `{mode, multi_key_mode,
 * channel}` wrapper on create, `key_mode: 'append'` on update, and JSON-text fields sent as "null", null or "".
 */
import { ApiClient } from '../support/api-client';
import { createUser, setupRoot } from '../support/fixtures';
import { startApp, type TestApp } from '../support/test-app';

const EN = { 'accept-language': 'en' };
const sa = (n: number) => ({ type: 'service_account', project_id: `p${n}`, client_email: `sa${n}@p.iam.gserviceaccount.com` });

/** A channel as new-api's editor fills it in before any change (its defaults and extra fields included). */
const editorChannel = (over: Record<string, unknown>) => ({
  name: 'editor',
  type: 1,
  key: 'k-single',
  openai_organization: '',
  max_input_tokens: 0,
  base_url: '',
  other: '',
  model_mapping: '',
  param_override: '',
  status_code_mapping: '',
  models: 'gpt-4o,gpt-4o-mini',
  auto_ban: 1,
  test_model: '',
  group: 'default',
  priority: 0,
  weight: 0,
  tag: '',
  setting: '{"force_format":false,"proxy":""}',
  settings: '{"vertex_key_type":"json"}',
  channel_info: { is_multi_key: false, multi_key_mode: 'random' },
  ...over,
});

describe('new-api channel editor bodies', () => {
  let t: TestApp;
  let root: ApiClient;
  let admin: ApiClient;
  beforeAll(async () => {
    t = await startApp();
    root = await setupRoot(t.url);
    admin = (await createUser(root, 'nc_admin', 'user-pass-1', 10)).client;
  });
  afterAll(() => t.close());

  const keyOf = async (id: number) => (await root.post(`/api/channel/${id}/key`)).body.data.key as string;
  const idsNamed = async (name: string) =>
    ((await root.get(`/api/channel/search?keyword=${name}`)).body.data.items as Array<{ id: number; name: string }>)
      .filter((c) => c.name === name)
      .map((c) => c.id)
      .sort((a, b) => a - b);

  it('single: one channel from the wrapper; "null" and empty JSON texts are empty', async () => {
    const res = await admin.post('/api/channel/', {
      mode: 'single',
      multi_key_mode: 'random',
      channel: editorChannel({ name: 'nc-single', model_mapping: 'null', param_override: 'null', status_code_mapping: '', setting: 'null' }),
    });
    expect(res.body).toMatchObject({ success: true, data: { name: 'nc-single', models: 'gpt-4o,gpt-4o-mini' } });
    const got = (await admin.get(`/api/channel/${res.body.data.id}`)).body.data;
    expect(got).toMatchObject({ model_mapping: '', param_override: '', status_code_mapping: '', setting: '' });
    expect(await keyOf(res.body.data.id)).toBe('k-single');
  });

  it('batch: one channel per key line; multi_to_single: one channel holding every key', async () => {
    const batch = await admin.post('/api/channel/', { mode: 'batch', channel: editorChannel({ name: 'nc-batch', key: 'ka\n kb \n\nkc\nka' }) });
    expect(batch.body.success).toBe(true);
    const ids = await idsNamed('nc-batch');
    expect(await Promise.all(ids.map(keyOf))).toEqual(['ka', 'kb', 'kc']);
    const multi = await admin.post('/api/channel/', {
      mode: 'multi_to_single',
      multi_key_mode: 'polling',
      channel: editorChannel({ name: 'nc-multi', key: 'k1\nk2\n' }),
    });
    expect(multi.body.success).toBe(true);
    expect(await idsNamed('nc-multi')).toHaveLength(1);
    expect((await keyOf(multi.body.data.id)).split('\n')).toEqual(['k1', 'k2']);
  });

  it('Vertex AI: a batch takes a JSON array of service accounts; one channel cannot hold several', async () => {
    const vertex = (mode: string, key: string) =>
      admin.post('/api/channel/', { mode, channel: editorChannel({ name: `nc-vx-${mode}`, type: 41, other: 'us-central1', models: 'gemini-2.0-flash', key }) }, EN);
    const array = JSON.stringify([sa(1), sa(2)]);
    expect((await vertex('batch', array)).body.success).toBe(true);
    const keys = await Promise.all((await idsNamed('nc-vx-batch')).map(keyOf));
    expect(keys.map((k) => JSON.parse(k))).toEqual([sa(1), sa(2)]);
    const multi = await vertex('multi_to_single', array);
    expect({ status: multi.status, message: multi.body.message }).toEqual({ status: 400, message: expect.stringContaining('holds one key') });
    const bad = await vertex('batch', '[1, 2]');
    expect({ status: bad.status, message: bad.body.message }).toEqual({ status: 400, message: expect.stringContaining('JSON array') });
    expect((await vertex('single', JSON.stringify(sa(3)))).body.success).toBe(true);
  });

  it('the wrapper is checked as the plain body is', async () => {
    const res = await admin.post('/api/channel/', { mode: 'single', channel: editorChannel({ name: '' }) }, EN);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ success: false, data: null, message: 'Please fill in the channel name and key!' });
    const bad = await admin.post('/api/channel/', { mode: 'single', channel: editorChannel({ name: 'nc-bad', model_mapping: '{x' }) }, EN);
    expect(bad.body.message).toBe('The model mapping must be valid JSON!');
  });

  it('update: JSON texts sent as "null" or null clear the field; key_mode append adds keys (root only)', async () => {
    const created = await root.post('/api/channel/', { name: 'nc-upd', type: 1, key: 'k1\nk2', models: 'm', model_mapping: '{"a":"b"}', setting: '{"proxy":""}' });
    const id = created.body.data.id as number;
    const upd = await admin.put('/api/channel/', { id, model_mapping: 'null', status_code_mapping: null, multi_key_mode: 'random' });
    expect(upd.body).toMatchObject({ success: true, data: { model_mapping: '', status_code_mapping: '' } });
    // setting and param_override may steer the credential: root changes them (docs/security/channel-credentials.md).
    const cleared = await root.put('/api/channel/', { id, setting: ' null ', param_override: null });
    expect(cleared.body).toMatchObject({ success: true, data: { setting: '', param_override: '' } });
    expect((await admin.put('/api/channel/', { id, key: 'k3', key_mode: 'append' })).status).toBe(403);
    expect((await root.put('/api/channel/', { id, key: 'k3\nk1', key_mode: 'append' })).body.success).toBe(true);
    expect(await keyOf(id)).toBe('k1\nk2\nk3');
    expect((await root.put('/api/channel/', { id, key: 'k9', key_mode: 'replace' })).body.success).toBe(true);
    expect(await keyOf(id)).toBe('k9');
  });
});
