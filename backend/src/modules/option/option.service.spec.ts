import { Logger } from '@nestjs/common';
import { OPTION_DEFS, SECRET_OPTION_KEYS, type OptionKey } from '@gw/shared';
import type { AppConfig } from '../../config/env';
import { FakeOptionRepository } from '../../testing/fake-option-repository';
import { asReal, partialFake } from '../../testing/strict-fake';
import { decryptSecret, encryptSecret, isEncrypted } from '../auth/secret-box';
import type { OptionRepository } from './option.repository';
import { OptionService } from './option.service';

/** OptionService's rules against an in-memory `options` table (the api tier runs them on real databases). */
const CRYPTO = 'option-spec-crypto-secret';
beforeAll(() => Logger.overrideLogger(false));
afterAll(() => Logger.overrideLogger(['log', 'error', 'warn']));

async function setup(stored: Record<string, string> = {}) {
  const repo = FakeOptionRepository.create(stored);
  const config = partialFake<AppConfig>('AppConfig', { cryptoSecret: CRYPTO, syncFrequencySec: 3600 });
  const service = new OptionService(asReal<OptionRepository>(repo), config);
  const changes: (readonly OptionKey[])[] = [];
  service.changes.subscribe((keys) => changes.push(keys));
  await service.onModuleInit();
  return { repo, service, changes, done: () => service.onModuleDestroy() };
}
const rejection = (p: Promise<unknown>) =>
  p.then(
    () => 'ok',
    (e: { key?: string; status?: number; params?: Record<string, unknown> }) => `${e.status} ${e.key}`,
  );

describe('OptionService.update: each key by its catalogue kind', () => {
  let world: Awaited<ReturnType<typeof setup>>;
  beforeEach(async () => (world = await setup()));
  afterEach(() => world.done());

  it.each([
    ['RetryTimes', '3', 'ok', '3'],
    ['RetryTimes', ' 10 ', 'ok', '10'], // numbers are stored normalised
    ['RetryTimes', '11', '400 option.out_of_range', null],
    ['RetryTimes', '-1', '400 option.out_of_range', null],
    ['RetryTimes', '1.5', '400 option.not_integer', null],
    ['RetryTimes', 'three', '400 option.not_number', null],
    ['QuotaPerUnit', '0', '400 option.out_of_range', null],
    ['QuotaPerUnit', '0.5', 'ok', '0.5'],
    ['SMTPPort', '65536', '400 option.out_of_range', null],
    ['LogConsumeEnabled', 'false', 'ok', 'false'],
    ['LogConsumeEnabled', 'yes', '400 option.not_bool', null],
    ['DataExportDefaultTime', 'day', 'ok', 'day'],
    ['DataExportDefaultTime', 'month', '400 option.not_one_of', null],
    ['GroupRatio', '{"default":1,"vip":0.5}', 'ok', '{"default":1,"vip":0.5}'],
    ['GroupRatio', '[1]', '400 option.not_json', null],
    ['GroupRatio', '{"vip":-1}', '400 option.bad_ratio_value', null],
    ['GroupRatio', '{" vip":1}', '400 option.bad_ratio_key', null],
    ['RebatePercentage', '101', '400 option.rebate_range', null], // a key with its own message
    ['TopupGroupRatio', '{', '400 option.topup_group_ratio_invalid', null],
    ['WorkerUrl', 'http://127.0.0.1:8080', '400 option.url_not_public', null],
    ['WorkerUrl', 'ftp://worker.example.com', '400 option.url_invalid', null],
    ['NoSuchOption', 'x', '400 option.unknown_key', null],
    ['Notice', 'x'.repeat(65_535), 'ok', 'x'.repeat(65_535)],
    ['Notice', 'x'.repeat(65_536), '400 option.too_long', null],
    ['Notice', '语'.repeat(21_846), '400 option.too_long', null], // counted in UTF-8 bytes
    ['SMTPToken', 's'.repeat(48_001), '400 option.too_long', null], // secrets have a smaller bound
  ])('%s = %p: %s', async (key, value, outcome, stored) => {
    expect(await rejection(world.service.update(key, value))).toBe(outcome);
    expect(world.repo.rows.get(key) ?? null).toBe(stored);
  });

  it('a refusal names the key (and the bad entry) for the message', async () => {
    const err = await world.service.update('GroupRatio', '{"vip":"x"}').catch((e: unknown) => e);
    expect(err).toMatchObject({ key: 'option.bad_ratio_value', params: { key: 'GroupRatio', entry: 'vip' } });
  });

  it.each([
    ['GitHubOAuthEnabled', {}, '400 option.oauth_client_id_required'],
    ['GitHubOAuthEnabled', { GitHubClientId: 'abc' }, 'ok'],
    ['SelfUseModeEnabled', { DemoSiteEnabled: 'true' }, '400 setup.mode_conflict'],
    ['DemoSiteEnabled', { SelfUseModeEnabled: 'true' }, '400 setup.mode_conflict'],
  ])('turning %s on with %p stored: %s', async (key, stored, outcome) => {
    world.done();
    world = await setup(stored);
    expect(await rejection(world.service.update(key, 'true'))).toBe(outcome);
    expect(await rejection(world.service.update(key, 'false'))).toBe('ok'); // turning off is always allowed
  });
});

describe('OptionService: secret options', () => {
  it('are written encrypted, read back as plain text in the snapshot, never listed', async () => {
    const { repo, service, done } = await setup();
    await service.update('SMTPToken', 'smtp-password');
    const stored = repo.rows.get('SMTPToken')!;
    expect([isEncrypted(stored), decryptSecret(CRYPTO, stored)]).toEqual([true, 'smtp-password']);
    expect(service.settings.SMTPToken).toBe('smtp-password');
    const listed = new Set(service.listPublic().map((o) => o.key));
    expect(SECRET_OPTION_KEYS.filter((k) => listed.has(k))).toEqual([]);
    expect(listed.has('SMTPServer')).toBe(true);
    done();
  });

  it('stored in plain text by an older version, they are sealed at boot', async () => {
    const { repo, service, done } = await setup({ EpayKey: 'legacy-plain', SMTPServer: 'smtp.example.com' });
    expect(decryptSecret(CRYPTO, repo.rows.get('EpayKey')!)).toBe('legacy-plain');
    expect(repo.rows.get('SMTPServer')).toBe('smtp.example.com');
    expect(service.settings.EpayKey).toBe('legacy-plain');
    done();
  });

  it('sealing never overwrites a value another node wrote since it was read', async () => {
    const repo = FakeOptionRepository.create({ EpayKey: 'legacy-plain' });
    const newer = encryptSecret(CRYPTO, 'set-on-node-2');
    const findAll = repo.findAll.bind(repo);
    let reads = 0;
    // Boot reads twice (reload, then the sealing pass); node 2 writes right after the second read.
    repo.findAll = async () => {
      const rows = await findAll();
      if (++reads === 2) repo.rows.set('EpayKey', newer);
      return rows;
    };
    const service = new OptionService(
      asReal<OptionRepository>(repo),
      partialFake<AppConfig>('AppConfig', { cryptoSecret: CRYPTO, syncFrequencySec: 3600 }),
    );
    await service.onModuleInit();
    service.onModuleDestroy();
    expect(repo.rows.get('EpayKey')).toBe(newer);
  });

  it('one encrypted under another CRYPTO_SECRET reads as empty and stays stored as it was', async () => {
    const foreign = encryptSecret('another-secret', 'x');
    const { repo, service, done } = await setup({ TurnstileSecretKey: foreign });
    expect(service.settings.TurnstileSecretKey).toBe('');
    expect(repo.rows.get('TurnstileSecretKey')).toBe(foreign);
    done();
  });
});

describe('OptionService: the settings snapshot', () => {
  it('lists every non-secret option, stored values over defaults', async () => {
    const { service, done } = await setup({ RetryTimes: '4' });
    const listed = Object.fromEntries(service.listPublic().map((o) => [o.key, o.value]));
    expect(listed.RetryTimes).toBe('4');
    expect(listed.SMTPPort).toBe(OPTION_DEFS.SMTPPort.default);
    done();
  });

  it('an update replaces the snapshot at once and names the changed keys; an unchanged value names none', async () => {
    const { service, changes, done } = await setup();
    const before = service.settings;
    await service.update('RetryTimes', '2');
    expect([before.RetryTimes, service.settings.RetryTimes]).toEqual([0, 2]);
    await service.update('RetryTimes', '2');
    expect(changes).toEqual([['RetryTimes']]);
    done();
  });

  it('setMany writes all values in one transaction; a failed write leaves the snapshot as it was', async () => {
    const { repo, service, done } = await setup();
    await service.setMany({ RetryTimes: '1', SMTPPort: '25' });
    expect([repo.transactions, service.settings.RetryTimes, service.settings.SMTPPort]).toEqual([1, 1, 25]);
    repo.failNextWrite = new Error('database is locked');
    await expect(service.setMany({ RetryTimes: '5' })).rejects.toThrow('database is locked');
    expect([repo.rows.get('RetryTimes'), service.settings.RetryTimes]).toEqual(['1', 1]);
    done();
  });

  it("reload picks up another node's writes (the periodic sync)", async () => {
    const { repo, service, changes, done } = await setup();
    repo.rows.set('RetryTimes', '7');
    repo.rows.set('SMTPToken', encryptSecret(CRYPTO, 'from-node-2'));
    await service.reload();
    expect([service.settings.RetryTimes, service.settings.SMTPToken]).toEqual([7, 'from-node-2']);
    expect(changes).toEqual([expect.arrayContaining(['RetryTimes', 'SMTPToken'])]);
    done();
  });

  it('the sync runs every SYNC_FREQUENCY seconds and stops with the module', async () => {
    jest.useFakeTimers();
    try {
      const { repo, service, done } = await setup();
      repo.rows.set('RetryTimes', '9');
      await jest.advanceTimersByTimeAsync(3600 * 1000);
      expect(service.settings.RetryTimes).toBe(9);
      done();
      repo.rows.set('RetryTimes', '3');
      await jest.advanceTimersByTimeAsync(3600 * 1000);
      expect(service.settings.RetryTimes).toBe(9);
    } finally {
      jest.useRealTimers();
    }
  });
});
