import type { ApiClient } from '../support/api-client';
import { createUser, setOption } from '../support/fixtures';
import { createChannel, createToken, Db } from '../support/relay-fixtures';
import type { TestApp } from '../support/test-app';

/** Long values: the tables of the route walk must truncate them instead of letting cells overlap. */
export const LONG = {
  channel: 'production-openai-compatible-upstream-account-eu-west-1-primary-with-a-long-name',
  key: 'sk-proj-' + 'AbCdEfGhIjKlMnOpQrStUvWxYz0123456789'.repeat(3),
  group: 'enterprise-customers-with-a-very-long-group-name',
  token: 'ci-deployment-token-for-the-nightly-batch-pipeline-of-team-b',
  model: 'gpt-4o-mini-2024-07-18-fine-tuned-for-customer-support-v2',
  redemption: 'new-year-promo-2025',
  displayName: 'A rather long name xx',
  email: 'somebody.with.a.really.long.address@subdomain.example-company.com',
  content: 'The administrator changed the balance of this account after a support ticket about an unusually long invoice reference.',
};

export interface Seeded {
  user: { id: number; username: string; password: string };
  channelId: number;
  userId: number;
}

/**
 * Data for the route walk: channels (one tagged, long names, keys and groups), tokens with long names for root
 * and the user, log rows of every type, redemption codes, users, top-up orders, a chat link and aggregates.
 */
export async function seedWalk(app: TestApp, root: ApiClient, chatSiteUrl: string): Promise<Seeded> {
  await setOption(root, 'GroupRatio', JSON.stringify({ default: 1, vip: 2, [LONG.group]: 1.5 }));
  const channelId = await createChannel(root, {
    name: LONG.channel,
    key: LONG.key,
    base_url: 'http://127.0.0.1:9',
    models: `gpt-4o,${LONG.model}`,
    group: `default,vip,${LONG.group}`,
    priority: 10,
    weight: 5,
  });
  await createChannel(root, { name: 'tagged-1', key: 'k-1', base_url: 'http://127.0.0.1:9', models: 'gpt-4o', tag: 'team-a' } as never);
  await createChannel(root, { name: 'tagged-2', key: 'k-2', base_url: 'http://127.0.0.1:9', models: 'gpt-4o', tag: 'team-a' } as never);
  for (let i = 0; i < 3; i++) await createChannel(root, { name: `short-${i}`, key: `k${i}`, base_url: 'http://127.0.0.1:9', models: 'gpt-4o' });

  const user = await createUser(root, 'walker');
  await root.put('/api/user/', { id: user.id, quota: 50_000_000, display_name: LONG.displayName });
  for (const name of ['longnamed_01', 'longnamed_02']) {
    const u = await createUser(root, name);
    await root.put('/api/user/', { id: u.id, display_name: LONG.displayName, group: 'vip', remark: LONG.content.slice(0, 60) });
  }
  await createToken(root, { name: LONG.token, model_limits_enabled: true, model_limits: `gpt-4o,${LONG.model}` });
  await createToken(root, { name: 'short', unlimited_quota: true });
  await createToken(user.client, { name: LONG.token, expired_time: Math.floor(Date.now() / 1000) + 86400 });
  await createToken(user.client, { name: 'disabled-one' });

  for (const [i, name] of [LONG.redemption, 'short', 'partners-2025-q1-eu'].entries()) {
    const r = await root.post('/api/redemption/', { name, quota: 500_000 * (i + 1), count: 2 });
    if (!r.body.success) throw new Error(`redemption: ${JSON.stringify(r.body)}`);
  }
  await setOption(root, 'Chats', JSON.stringify([{ 'Web Chat': `${chatSiteUrl}/web/#/?settings={"key":"{key}","url":"{address}"}` }]));

  const db = Db.open(app);
  try {
    const now = Math.floor(Date.now() / 1000);
    const other = JSON.stringify({ model_ratio: 2.5, group_ratio: 1.5, completion_ratio: 4, frt: 1234, is_model_mapped: true, upstream_model_name: LONG.model });
    const rows: unknown[][] = [];
    for (const [uid, uname] of [
      [1, 'root'],
      [user.id, user.username],
    ] as const) {
      for (let type = 1; type <= 6; type++) {
        const usage = type === 2 || type === 6;
        rows.push([uid, uname, now - type * 60, type, usage ? LONG.model : '', usage ? LONG.token : '', usage ? 123_456 : 0, 1200, 3400, usage ? channelId : 0, usage ? LONG.channel : '', LONG.group, usage ? other : '', usage ? '' : LONG.content, 125, type === 2 ? 1 : 0]);
      }
    }
    for (const r of rows) {
      await db.exec(
        'INSERT INTO logs (user_id, username, created_at, type, model_name, token_name, quota, prompt_tokens, completion_tokens, channel_id, channel_name, "group", other, content, use_time, is_stream, token_id, ip, request_id) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,0,\'\',\'\')',
        r,
      );
    }
    for (const [i, status] of ['success', 'pending'].entries()) {
      await db.exec('INSERT INTO top_ups (user_id, amount, money, trade_no, payment_method, create_time, complete_time, status) VALUES (?,?,?,?,?,?,?,?)', [
        user.id,
        1000 * (i + 1),
        7.3 * (i + 1),
        `USR${user.id}NO${'9'.repeat(24)}${i}`,
        i ? 'wx' : 'alipay',
        now - 3600,
        i ? 0 : now - 3500,
        status,
      ]);
    }
    const hour = now - (now % 3600);
    for (const [uid, uname] of [
      [1, 'root'],
      [user.id, user.username],
    ] as const) {
      await db.exec('INSERT INTO quota_data (user_id, username, model_name, created_at, token_used, count, quota) VALUES (?,?,?,?,?,?,?)', [uid, uname, LONG.model, hour - 3600, 4600, 3, 370_000]);
    }
  } finally {
    db.close();
  }
  return { user: { id: user.id, username: user.username, password: user.password }, channelId, userId: user.id };
}
