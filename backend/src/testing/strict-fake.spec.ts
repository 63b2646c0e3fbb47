import { fakeChannelRepository } from './fake-channel-repository';
import { fakeUserRepository } from './fake-user-repository';
import { strictFake } from './strict-fake';

describe('strict fakes', () => {
  it('throw on any member the fake does not define', () => {
    const fake = strictFake('Thing', { known: () => 1 }) as unknown as Record<string, () => number>;
    expect(fake.known()).toBe(1);
    expect(() => fake.unknown()).toThrow('Thing.unknown is not implemented by this fake');
  });

  it('can be awaited and printed without counting as a use', async () => {
    const fake = strictFake('Thing', {});
    await expect(Promise.resolve(fake)).resolves.toBe(fake);
  });

  it('repository fakes refuse the queries they do not model', async () => {
    await expect(fakeUserRepository().repo.search({}, 0, 10)).rejects.toThrow('UserRepository.search is not implemented');
    await expect(fakeChannelRepository().repo.searchAll({})).rejects.toThrow('ChannelRepository.searchAll is not implemented');
  });

  it('repository fakes roll a failed transaction back', async () => {
    const { fake, repo } = fakeUserRepository();
    await expect(
      repo.transaction(async (tx) => {
        await repo.insert({ username: 'a' }, tx);
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(fake.rows.size).toBe(0);
  });

  it('new rows start from the entity defaults', async () => {
    const user = await fakeUserRepository().repo.insert({ username: 'a' });
    expect(user).toMatchObject({ id: 1, quota: 0, group: 'default', aff_code: null, deleted_at: null, setting: null });
    const channel = await fakeChannelRepository().repo.insert({ name: 'c' });
    expect(channel).toMatchObject({ id: 1, type: 1, status: 1, auto_ban: 1, group: 'default', key: null, balance: 0 });
  });
});
