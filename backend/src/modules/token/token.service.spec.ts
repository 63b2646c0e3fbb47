import { buildSettings, TokenStatus } from '@gw/shared';
import type { AppConfig } from '../../config/env';
import { nowSec } from '../../database/columns';
import { asReal, partialFake } from '../../testing/strict-fake';
import { FakeTokenRepository } from '../../testing/fake-token-repository';
import { decryptSecret } from '../auth/secret-box';
import type { OptionService } from '../option/option.service';
import { createTokenSchema, tokenSearchSchema, updateTokenSchema, type UpdateTokenDto } from './dto';
import { keyHashOf } from './token-key';
import type { TokenRepository } from './token.repository';
import { TokenService, type TokenChange } from './token.service';
import type { TokenView } from './token-view';

/** TokenService's rules against an in-memory `tokens` table (the api tier runs them on real databases). */
const CRYPTO = 'token-spec-crypto-secret';
const ALICE = 1;
const BOB = 2;

function setup(usableGroups: Record<string, string> = { vip: 'VIP' }) {
  const repo = FakeTokenRepository.create();
  const options = partialFake<OptionService>('OptionService', {
    settings: buildSettings({ UserUsableGroups: JSON.stringify(usableGroups) }),
  });
  const config = partialFake<AppConfig>('AppConfig', { cryptoSecret: CRYPTO });
  const service = new TokenService(asReal<TokenRepository>(repo), options, config);
  const changes: TokenChange[] = [];
  service.changes.subscribe((c) => changes.push(c));
  return { repo, service, changes };
}

const create = (s: TokenService, fields: Record<string, unknown>, userId = ALICE, group = 'default') =>
  s.create(userId, group, createTokenSchema.parse({ name: 'key', ...fields }));
const createOne = async (s: TokenService, fields: Record<string, unknown> = {}, userId = ALICE) =>
  (await create(s, fields, userId)) as TokenView;
const update = (s: TokenService, dto: Record<string, unknown>, statusOnly = false, userId = ALICE) =>
  s.updateOwn(userId, 'default', updateTokenSchema.parse(dto) as UpdateTokenDto, statusOnly);
const rejection = (p: Promise<unknown>) =>
  p.then(
    () => 'resolved',
    (e: { key?: string; status?: number }) => `${e.status} ${e.key}`,
  );

describe('TokenService.create', () => {
  it('answers the key (48 alphanumerics, without its sk- prefix) and stores it only encrypted, found by its keyed hash', async () => {
    const { repo, service } = setup();
    const view = await createOne(service);
    expect(view.key).toMatch(/^[A-Za-z0-9]{48}$/);
    const row = repo.rows.get(view.id)!;
    const body = view.key;
    expect(row.key).not.toContain(body);
    expect(decryptSecret(CRYPTO, row.key)).toBe(body);
    expect(row.key_hash).toBe(keyHashOf(CRYPTO, body));
    expect((await service.findByKeyHash(row.key_hash))?.id).toBe(view.id);
  });

  it('fills the documented defaults: enabled, no quota, never expires, no limits, rate limit 1000 per 60 s, 10 successes', async () => {
    const { service } = setup();
    const { id, key, created_time, accessed_time, ...rest } = await createOne(service);
    expect(created_time).toBeGreaterThanOrEqual(nowSec() - 1);
    expect(accessed_time).toBe(created_time);
    expect(rest).toEqual({
      user_id: ALICE,
      name: 'key',
      // no quota and limited: the owner sees it as exhausted until quota is given
      status: TokenStatus.Exhausted,
      expired_time: -1,
      remain_quota: 0,
      used_quota: 0,
      unlimited_quota: false,
      model_limits_enabled: false,
      model_limits: '',
      allow_ips: '',
      group: '',
      rate_limit_enabled: false,
      rate_limit_period: 60,
      rate_limit_count: 1000,
      rate_limit_success: 10,
    });
    expect([id > 0, key.length]).toEqual([true, 48]);
  });

  it.each([
    ['quota left', { remain_quota: 500 }, TokenStatus.Enabled],
    ['unlimited, no quota', { unlimited_quota: true }, TokenStatus.Enabled],
    ['no quota', {}, TokenStatus.Exhausted],
    ['expiry in the future', { remain_quota: 1, expired_time: nowSec() + 3600 }, TokenStatus.Enabled],
    ['expiry passed', { remain_quota: 1, expired_time: nowSec() - 1 }, TokenStatus.Expired],
    ['expired and exhausted', { expired_time: 1 }, TokenStatus.Expired],
  ])('a new token with %s shows status %i', async (_case, fields, status) => {
    const { repo, service } = setup();
    const view = await createOne(service, fields);
    expect(view.status).toBe(status);
    expect(repo.rows.get(view.id)!.status).toBe(TokenStatus.Enabled); // stored enabled; the view derives the rest
  });

  it('creates `count` tokens in one batch, every one after the first named with a 6-character suffix', async () => {
    const { repo, service } = setup();
    const views = (await create(service, { name: 'batch', count: 3 })) as TokenView[];
    expect(views.map((v) => v.name)).toEqual([
      'batch',
      expect.stringMatching(/^batch-[A-Za-z0-9]{6}$/),
      expect.stringMatching(/^batch-[A-Za-z0-9]{6}$/),
    ]);
    expect(new Set(views.map((v) => v.key)).size).toBe(3);
    expect(repo.rows.size).toBe(3);
  });

  it.each([
    ['', 200],
    ['default', 200],
    ['vip', 200],
    ['svip', 403],
  ])('group %p for a user of group default: %i', async (group, status) => {
    const { repo, service } = setup();
    const outcome = await rejection(create(service, { group }));
    expect(outcome).toBe(status === 200 ? 'resolved' : '403 token.group_not_usable');
    expect(repo.rows.size).toBe(status === 200 ? 1 : 0);
  });

  it.each([
    [{ rate_limit_period: 1 }, true],
    [{ rate_limit_period: 86400 * 31 }, true],
    [{ rate_limit_period: 0 }, false],
    [{ rate_limit_period: 86400 * 31 + 1 }, false],
    [{ rate_limit_count: 0 }, true],
    [{ rate_limit_count: 1e9 + 1 }, false],
    [{ rate_limit_success: 0 }, false],
    [{ rate_limit_success: 1 }, true],
    [{ expired_time: -2 }, false],
    [{ remain_quota: -1 }, false],
    [{ count: 0 }, false],
    [{ count: 101 }, false],
    [{ name: ' ' }, false],
  ])('the create request %p is accepted: %p', (fields, accepted) => {
    expect(createTokenSchema.safeParse({ name: 'key', ...fields }).success).toBe(accepted);
  });
});

describe('TokenService: owners manage only their own tokens', () => {
  async function twoOwners() {
    const world = setup();
    const mine = await createOne(world.service, { name: 'mine', remain_quota: 100 });
    const theirs = await createOne(world.service, { name: 'theirs', remain_quota: 100 }, BOB);
    world.changes.length = 0;
    return { ...world, mine, theirs };
  }

  it("another user's token is not found for get, update and delete, and stays as it was", async () => {
    const { repo, service, theirs, changes } = await twoOwners();
    const before = { ...repo.rows.get(theirs.id)! };
    expect(await rejection(service.getOwn(ALICE, theirs.id))).toBe('404 token.not_found');
    expect(await rejection(update(service, { id: theirs.id, name: 'taken' }))).toBe('404 token.not_found');
    expect(await rejection(service.deleteOwn(ALICE, theirs.id))).toBe('404 token.not_found');
    expect(repo.rows.get(theirs.id)).toEqual(before);
    expect(changes).toEqual([]);
  });

  it('an update writes only the fields sent and tells the relay cache', async () => {
    const { repo, service, mine, changes } = await twoOwners();
    const view = await update(service, { id: mine.id, name: 'renamed', rate_limit_enabled: true });
    expect(view).toMatchObject({ name: 'renamed', rate_limit_enabled: true, remain_quota: 100 });
    expect(repo.rows.get(mine.id)).toMatchObject({
      name: 'renamed',
      rate_limit_enabled: true,
      remain_quota: 100,
      rate_limit_period: 60,
    });
    expect(changes).toEqual([{ id: mine.id, keyHash: repo.rows.get(mine.id)!.key_hash }]);
  });

  it.each([
    ['an empty name', { name: '' }, '400 token.name_required'],
    ['a group the user may not use', { group: 'svip' }, '403 token.group_not_usable'],
  ])('an update with %s is refused', async (_case, fields, outcome) => {
    const { service, mine } = await twoOwners();
    expect(await rejection(update(service, { id: mine.id, ...fields }))).toBe(outcome);
  });

  it('delete is soft: the row stays, the key stops resolving, the cache is told', async () => {
    const { repo, service, mine, changes } = await twoOwners();
    const hash = repo.rows.get(mine.id)!.key_hash;
    await service.deleteOwn(ALICE, mine.id);
    expect(repo.rows.get(mine.id)!.deleted_at).toBeGreaterThan(0);
    expect(await service.findByKeyHash(hash)).toBeNull();
    expect(await service.findByKeyHashes([hash])).toEqual([]);
    expect(await rejection(service.getOwn(ALICE, mine.id))).toBe('404 token.not_found');
    expect(changes).toEqual([{ id: mine.id, keyHash: hash }]);
  });
});

describe('TokenService: status transitions', () => {
  const past = () => nowSec() - 10;
  /** A token as stored; the owner then asks for `dto` (status_only when `statusOnly`). */
  it.each([
    ['disable an enabled token', { remain_quota: 5 }, { status: 2 }, true, 'ok', TokenStatus.Disabled],
    [
      'enable a disabled token with quota',
      { remain_quota: 5, status: 2 },
      { status: 1 },
      true,
      'ok',
      TokenStatus.Enabled,
    ],
    [
      'enable a disabled unlimited token without quota',
      { unlimited_quota: true, status: 2 },
      { status: 1 },
      true,
      'ok',
      TokenStatus.Enabled,
    ],
    [
      'enable an expired token',
      { remain_quota: 5, status: 2, expired: true },
      { status: 1 },
      true,
      '400 token.expired_cannot_enable',
      2,
    ],
    [
      'enable an exhausted token',
      { remain_quota: 0, status: 2 },
      { status: 1 },
      true,
      '400 token.exhausted_cannot_enable',
      2,
    ],
    [
      'enable while extending the expiry',
      { remain_quota: 5, status: 2, expired: true },
      { status: 1, expired_time: -1 },
      false,
      'ok',
      1,
    ],
    ['enable while giving quota', { remain_quota: 0, status: 2 }, { status: 1, remain_quota: 10 }, false, 'ok', 1],
    [
      'set status 3 (expired is derived, not set)',
      { remain_quota: 5 },
      { status: 3 },
      true,
      '400 token.status_invalid',
      1,
    ],
    ['status_only without a status', { remain_quota: 5 }, {}, true, '400 token.status_invalid', 1],
    [
      'resend the current status in a full update of an expired token',
      { remain_quota: 5, expired: true },
      { status: 1, name: 'n' },
      false,
      'ok',
      1,
    ],
  ])('%s', async (_case, stored, dto, statusOnly, outcome, storedStatus) => {
    const { repo, service } = setup();
    const { expired, status, ...fields } = stored as Record<string, unknown>;
    const view = await createOne(service, { ...fields, expired_time: expired ? past() : -1 });
    if (status !== undefined) repo.rows.get(view.id)!.status = status as number;
    expect(
      await rejection(update(service, { id: view.id, ...dto }, statusOnly)).then((r) => (r === 'resolved' ? 'ok' : r)),
    ).toBe(outcome);
    expect(repo.rows.get(view.id)!.status).toBe(storedStatus);
  });

  it('status_only moves the status and nothing else', async () => {
    const { repo, service } = setup();
    const view = await createOne(service, { remain_quota: 5 });
    await update(service, { id: view.id, status: 2, name: 'ignored', remain_quota: 999 }, true);
    expect(repo.rows.get(view.id)).toMatchObject({ status: 2, name: 'key', remain_quota: 5 });
  });
});

describe('TokenService: listing and search', () => {
  async function many() {
    const world = setup();
    const names = ['alpha', 'beta', 'Alphabet', '100%', 'gamma'];
    const views: TokenView[] = [];
    for (const name of names) views.push(await createOne(world.service, { name, remain_quota: 1 }));
    await createOne(world.service, { name: 'alpha-of-bob' }, BOB);
    await world.service.deleteOwn(ALICE, views[4].id); // gamma
    return { ...world, views };
  }
  const search = (s: TokenService, q: Record<string, unknown>) => s.searchOwn(ALICE, tokenSearchSchema.parse(q));
  const names = (p: { items: TokenView[] }) => p.items.map((v) => v.name);

  it("lists the caller's live tokens newest first, one page at a time, with the total", async () => {
    const { service } = await many();
    expect(await service.listOwn(ALICE, { page: 0, pageSize: 3 })).toMatchObject({ total: 4, page: 0, page_size: 3 });
    expect(names(await service.listOwn(ALICE, { page: 0, pageSize: 3 }))).toEqual(['100%', 'Alphabet', 'beta']);
    expect(names(await service.listOwn(ALICE, { page: 1, pageSize: 3 }))).toEqual(['alpha']);
  });

  it.each([
    [{ keyword: 'alpha' }, ['Alphabet', 'alpha'], 2],
    [{ keyword: '%' }, ['100%'], 1], // a LIKE wildcard in the keyword is matched literally
    [{ keyword: 'gamma' }, [], 0], // deleted
    [{ keyword: 'a', size: 1, p: 1 }, ['beta'], 3], // second page of Alphabet, beta, alpha
  ])('keyword %p finds %p (total %i)', async (q, want, total) => {
    const { service } = await many();
    const page = await search(service, q);
    expect([names(page), page.total]).toEqual([want, total]);
  });

  it('a key fragment is matched against the decrypted keys; a full key (with or without sk-) by its hash', async () => {
    const { service, views } = await many();
    const key = views[1].key;
    expect(names(await search(service, { token: key.slice(10, 20) }))).toEqual(['beta']);
    expect(names(await search(service, { token: key }))).toEqual(['beta']);
    expect(names(await search(service, { token: `sk-${key}` }))).toEqual(['beta']);
    expect(names(await search(service, { token: key, keyword: 'alpha' }))).toEqual([]);
  });

  it.each([
    ["'; DROP TABLE tokens; --", 0],
    ['a%b', 0],
    ['sk-', 4], // the prefix alone is no fragment: the plain listing
  ])('the fragment %p finds %i tokens', async (token, total) => {
    const { service } = await many();
    expect((await search(service, { token })).total).toBe(total);
  });
});
