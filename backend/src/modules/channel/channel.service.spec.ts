import { Logger } from '@nestjs/common';
import { ChannelKeyStatus, ChannelStatus, LogType } from '@gw/shared';
import { AppError } from '../../common/http/app-error';
import { fakeChannelRepository, type FakeChannelRepository } from '../../testing/fake-channel-repository';
import { fakeDependencies } from '../../testing/fake-services';
import type { ChannelBatchJournal } from './channel-batch-journal';
import type { ChannelKeyStore } from './channel-key-store';
import type { ChannelView } from './channel-view';
import { ChannelService, type ChannelChange } from './channel.service';
import type { CreateChannelDto } from './dto';

/** Rejects with an AppError carrying `key`. */
async function refused(work: Promise<unknown>, key: string): Promise<void> {
  await expect(work).rejects.toBeInstanceOf(AppError);
  await expect(work).rejects.toMatchObject({ key });
}

const OPENAI = 1;

describe('ChannelService', () => {
  let fake: FakeChannelRepository;
  let deps: ReturnType<typeof fakeDependencies>;
  let channels: ChannelService;
  let announced: ChannelChange[];
  /** Calls that enabled keys of a channel: which channel, from which key states. */
  let keyEnables: { id: number; from: number[] }[];

  beforeAll(() => Logger.overrideLogger(false));
  afterAll(() => Logger.overrideLogger(['log', 'error', 'warn']));

  beforeEach(() => {
    const repo = fakeChannelRepository();
    fake = repo.fake;
    deps = fakeDependencies();
    keyEnables = [];
    const keyStates = {
      enable: async (id: number, prints: unknown, from: number[]) => void keyEnables.push({ id, from }),
      prune: async () => undefined,
      fingerprint: (k: string) => k,
    } as unknown as ChannelKeyStore;
    // The batches here fit one transaction: no journal (test/api/channel-batch.test.ts has the rest).
    const journal = {} as ChannelBatchJournal;
    channels = new ChannelService(repo.repo, deps.logService, keyStates, journal, deps.config);
    announced = [];
    channels.changes.subscribe((c) => announced.push(c));
  });

  const create = async (dto: Partial<CreateChannelDto> = {}): Promise<ChannelView> =>
    (await channels.create({ name: 'main', key: 'sk-one', models: 'gpt-a,gpt-b', type: OPENAI, ...dto })) as ChannelView;

  /** Routing rows of a channel as "group/model:enabled". */
  const routes = (id: number) =>
    fake.abilities
      .filter((a) => a.channel_id === id)
      .map((a) => `${a.group}/${a.model}:${a.enabled}`)
      .sort();

  describe('creating', () => {
    it('stores the key encrypted, never shows it, and decrypts it for the relay', async () => {
      const view = await create({ key: '  sk-secret  ' });
      expect(view).not.toHaveProperty('key');
      const stored = fake.rows.get(view.id)!;
      expect(stored.key).not.toContain('sk-secret');
      expect(channels.keysOf(stored)).toEqual(['sk-secret']);
    });

    it('normalises models and groups, starts enabled with auto-ban on, and announces the channel', async () => {
      const view = await create({ models: ' gpt-a , gpt-b,,gpt-a', group: 'default, vip' });
      expect(view).toMatchObject({ models: 'gpt-a,gpt-b', group: 'default,vip', status: ChannelStatus.Enabled, auto_ban: 1, other_info: '' });
      expect(view.created_time).toBeGreaterThan(0);
      expect(announced.map((c) => c.id)).toEqual([view.id]);
      expect(announced[0].channel?.name).toBe('main');
    });

    it('builds one enabled routing row per (group, model)', async () => {
      const view = await create({ group: 'default,vip' });
      expect(routes(view.id)).toEqual(['default/gpt-a:true', 'default/gpt-b:true', 'vip/gpt-a:true', 'vip/gpt-b:true']);
    });

    it('in batch mode makes one channel per key line', async () => {
      const views = (await channels.create({ name: 'multi', key: 'k1\nk2\nk3', models: 'm', type: OPENAI, mode: 'batch' })) as ChannelView[];
      expect(views).toHaveLength(3);
      expect(views.map((v) => channels.keysOf(fake.rows.get(v.id)!))).toEqual([['k1'], ['k2'], ['k3']]);
      expect(announced).toHaveLength(3);
    });

    it('otherwise keeps every key in one channel', async () => {
      const view = await create({ key: 'k1\nk2' });
      expect(channels.keysOf(fake.rows.get(view.id)!)).toEqual(['k1', 'k2']);
    });

    it('refuses a batch without keys and leaves nothing behind', async () => {
      await refused(channels.create({ name: 'x', key: ' ', models: 'm', type: OPENAI, mode: 'batch' }), 'channel.name_key_required');
      expect(fake.rows.size).toBe(0);
    });
  });

  describe('updating', () => {
    it('applies the fields sent and rebuilds the routing rows', async () => {
      const { id } = await create();
      const view = await channels.update({ id, models: 'gpt-c', group: 'vip', priority: 5 }, false);
      expect(view).toMatchObject({ models: 'gpt-c', group: 'vip', priority: 5, name: 'main' });
      expect(fake.rows.get(id)).toMatchObject({ models: 'gpt-c', group: 'vip', priority: 5 });
      expect(routes(id)).toEqual(['vip/gpt-c:true']);
      expect(announced.map((c) => c.id)).toEqual([id, id]);
    });

    it('lets only root change where the credential goes or which it is', async () => {
      const { id } = await create({ base_url: 'https://a.example' });
      await refused(channels.update({ id, key: 'sk-other' }, false), 'channel.root_only_field');
      await refused(channels.update({ id, base_url: 'https://b.example' }, false), 'channel.root_only_field');
      await channels.update({ id, base_url: 'https://a.example/' }, false); // the same place
      await channels.update({ id, key: 'sk-other', base_url: 'https://b.example' }, true);
      expect(channels.keysOf(fake.rows.get(id)!)).toEqual(['sk-other']);
      expect(fake.rows.get(id)!.base_url).toBe('https://b.example');
    });

    it('keeps the stored key when the key sent is blank', async () => {
      const { id } = await create({ key: 'sk-keep' });
      await channels.update({ id, key: '  ', name: 'renamed' }, true);
      expect(channels.keysOf(fake.rows.get(id)!)).toEqual(['sk-keep']);
    });

    it('answers 404 for an unknown channel', async () => {
      await refused(channels.update({ id: 99, name: 'x' }, true), 'channel.not_found');
    });
  });

  describe('copying and deleting', () => {
    it('copies the upstream, key and routing with counters reset', async () => {
      const { id } = await create({ group: 'vip' });
      await channels.recordTest(id, 321);
      await channels.recordBalance(id, 12.5);
      const copy = await channels.copy(id);
      expect(copy).toMatchObject({ name: 'main_copy', response_time: 0, test_time: 0, balance: 0, balance_updated_time: 0, used_quota: 0 });
      expect(copy.id).not.toBe(id);
      expect(channels.keysOf(fake.rows.get(copy.id)!)).toEqual(['sk-one']);
      expect(routes(copy.id)).toEqual(routes(id));
      expect((await channels.copy(id, 'named')).name).toBe('named');
    });

    it('deletes a channel with its routing rows and announces it gone', async () => {
      const { id } = await create();
      await channels.remove(id);
      expect(fake.rows.has(id)).toBe(false);
      expect(routes(id)).toEqual([]);
      expect(announced.at(-1)).toEqual({ id, channel: null });
      await refused(channels.remove(id), 'channel.not_found');
    });

    it('deletes many at once and counts only the ones that existed', async () => {
      const a = await create();
      const b = await create();
      expect(await channels.removeMany([a.id, b.id, 999])).toBe(2);
      expect(fake.rows.size).toBe(0);
      expect(fake.abilities).toEqual([]);
      expect(await channels.removeMany([])).toBe(0);
    });

    it('rebuilds routing rows from the stored channels on refresh', async () => {
      const { id } = await create();
      await fake.update(id, { models: 'gpt-z', status: ChannelStatus.ManuallyDisabled });
      await channels.refresh([id]);
      expect(routes(id)).toEqual(['default/gpt-z:false']);
    });

    it('refreshes many channels in transactions of 50, so that none holds SQLite for long', async () => {
      const keys = Array.from({ length: 120 }, (_, i) => `sk-${i}`).join('\n');
      const batch = await channels.create({ name: 'b', key: keys, models: 'gpt-a,gpt-b', type: OPENAI, mode: 'batch' });
      const made = (batch as ChannelView[]).map((c) => c.id);
      const opened = jest.spyOn(fake, 'transaction');
      await channels.refresh([...made, 999_999]);
      expect(opened).toHaveBeenCalledTimes(3);
      expect(routes(made[119])).toEqual(['default/gpt-a:true', 'default/gpt-b:true']);
      expect(announced.filter((c) => c.id === 999_999)).toEqual([{ id: 999_999, channel: null }]);
    });
  });

  describe('status changes', () => {
    it('auto-disables an enabled channel once, with its reason, routing off and a system log row', async () => {
      const { id } = await create();
      expect(await channels.autoDisable(id, 'upstream said 401')).toBe(true);
      const row = fake.rows.get(id)!;
      expect(row.status).toBe(ChannelStatus.AutoDisabled);
      expect(JSON.parse(row.other_info!)).toMatchObject({ status_reason: 'upstream said 401', status_time: expect.any(Number) });
      expect(routes(id)).toEqual(['default/gpt-a:false', 'default/gpt-b:false']);
      expect(deps.logs.queued).toEqual([expect.objectContaining({ type: LogType.System, channel_id: id })]);
      expect(await channels.autoDisable(id, 'again')).toBe(false);
      expect(deps.logs.queued).toHaveLength(1);
    });

    it('never auto-disables a channel an admin disabled', async () => {
      const { id } = await create({ status: ChannelStatus.ManuallyDisabled });
      expect(await channels.autoDisable(id, 'x')).toBe(false);
      expect(fake.rows.get(id)!.status).toBe(ChannelStatus.ManuallyDisabled);
    });

    it('auto-enables only an auto-disabled channel, clearing the reason and turning routing on', async () => {
      const { id } = await create();
      expect(await channels.autoEnable(id)).toBe(false);
      await channels.autoDisable(id, 'down');
      expect(await channels.autoEnable(id)).toBe(true);
      expect(fake.rows.get(id)).toMatchObject({ status: ChannelStatus.Enabled, other_info: '' });
      expect(routes(id)).toEqual(['default/gpt-a:true', 'default/gpt-b:true']);
    });

    it('enabling a channel again enables its automatically disabled keys, not those an operator disabled', async () => {
      const { id } = await create();
      await channels.autoDisable(id, 'every key disabled');
      await channels.autoEnable(id);
      await channels.autoDisable(id, 'every key disabled');
      await channels.update({ id, status: ChannelStatus.Enabled }, true);
      await channels.update({ id, name: 'renamed' }, true); // no status change: keys untouched
      expect(keyEnables).toEqual([
        { id, from: [ChannelKeyStatus.AutoDisabled] },
        { id, from: [ChannelKeyStatus.AutoDisabled] },
      ]);
    });

    it('records test results and balances without touching routing or announcing', async () => {
      const { id } = await create();
      const before = announced.length;
      await channels.recordTest(id, 850);
      await channels.recordBalance(id, 3.25);
      expect(fake.rows.get(id)).toMatchObject({ response_time: 850, balance: 3.25 });
      expect(fake.rows.get(id)!.test_time).toBeGreaterThan(0);
      expect(fake.rows.get(id)!.balance_updated_time).toBeGreaterThan(0);
      expect(announced).toHaveLength(before);
    });
  });

  describe('reading', () => {
    it('reveals a key to root and logs who asked, without the key', async () => {
      const { id } = await create({ key: 'sk-reveal' });
      expect(await channels.revealKey(id, { id: 1, username: 'root' })).toBe('sk-reveal');
      expect(deps.logs.queued[0]).toMatchObject({ type: LogType.Manage, user_id: 1, channel_id: id });
      expect(JSON.stringify(deps.logs.queued)).not.toContain('sk-reveal');
    });

    it('lists models enabled for the given groups only', async () => {
      await create({ models: 'a,b', group: 'default' });
      await create({ models: 'c', group: 'vip' });
      const off = await create({ models: 'd', group: 'default', status: ChannelStatus.ManuallyDisabled });
      expect(await channels.modelsForGroups(['default'])).toEqual(['a', 'b']);
      expect(await channels.modelsForGroups(['default', 'vip'])).toEqual(['a', 'b', 'c']);
      expect(await channels.modelsForGroups([])).toEqual([]);
      expect(routes(off.id)).toEqual(['default/d:false']);
    });

    it('tells where each model is served: groups and channel types of enabled channels only', async () => {
      await create({ models: 'a,b', group: 'default,vip' });
      await create({ models: 'a', group: 'svip', type: 14 });
      await create({ models: 'd', group: 'default', status: ChannelStatus.ManuallyDisabled });
      const served = await channels.servedModels();
      expect([...served.keys()].sort()).toEqual(['a', 'b']);
      expect(served.get('a')).toEqual({ groups: new Set(['default', 'vip', 'svip']), types: new Set([OPENAI, 14]) });
      expect(served.get('b')).toEqual({ groups: new Set(['default', 'vip']), types: new Set([OPENAI]) });
    });

    it('selects channels by status for background runs', async () => {
      const a = await create();
      const b = await create({ status: ChannelStatus.ManuallyDisabled });
      expect((await channels.refs({ statusIn: [ChannelStatus.Enabled] })).map((r) => r.id)).toEqual([a.id]);
      expect((await channels.refs({ statusNot: ChannelStatus.Enabled })).map((r) => r.id)).toEqual([b.id]);
    });
  });
});
