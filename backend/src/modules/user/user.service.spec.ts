import { LogType, Role, UserStatus } from '@gw/shared';
import { AppError } from '../../common/http/app-error';
import { fakeDependencies } from '../../testing/fake-services';
import { fakeUserRepository, type FakeUserRepository } from '../../testing/fake-user-repository';
import { FAKE_TX } from '../../testing/strict-fake';
import { UserService } from './user.service';

/** Rejects with an AppError carrying `key`. */
async function refused(work: Promise<unknown>, key: string): Promise<void> {
  await expect(work).rejects.toBeInstanceOf(AppError);
  await expect(work).rejects.toMatchObject({ key });
}

describe('UserService', () => {
  let fake: FakeUserRepository;
  let deps: ReturnType<typeof fakeDependencies>;
  let users: UserService;
  let changed: number[];

  beforeEach(() => {
    const repo = fakeUserRepository();
    fake = repo.fake;
    deps = fakeDependencies({ QuotaForNewUser: 500, GroupRatio: { default: 1, vip: 2 }, QuotaPerUnit: 500000, DisplayInCurrencyEnabled: true });
    users = new UserService(repo.repo, deps.passwordService, deps.sessionService, deps.optionService, deps.logService);
    changed = [];
    users.changes.subscribe((id) => changed.push(id));
  });

  /** A stored user of `role`, made the way every user is made. */
  const seed = (username: string, role: Role = Role.User, quota = 0) =>
    users.insert({ username, passwordHash: `hashed:${username}-pw`, role, quota });

  describe('crediting a balance (redemption, top-up, check-in, invite transfer)', () => {
    it("adds the quota and writes the row that explains it, in the caller's transaction", async () => {
      const u = await seed('frank', Role.User, 100);
      const balance = await users.credit(FAKE_TX, {
        userId: u.id,
        quota: 250,
        type: LogType.TopUp,
        content: 'redeemed code',
        other: { redemption_id: 7 },
      });
      expect(balance).toBe(350);
      expect(deps.logs.inTransaction.at(-1)).toEqual({
        tx: FAKE_TX,
        row: {
          type: LogType.TopUp,
          user_id: u.id,
          username: 'frank',
          quota: 250,
          content: 'redeemed code',
          other: '{"redemption_id":7}',
        },
      });
    });

    it.each([0, -5, 1.5, Number.MAX_SAFE_INTEGER + 2])('refuses an amount of %p and writes nothing', async (quota) => {
      const u = await seed('gina');
      const rows = deps.logs.inTransaction.length;
      await refused(
        users.credit(FAKE_TX, { userId: u.id, quota, type: LogType.System, content: 'x' }),
        'user.quota_invalid',
      );
      expect(fake.rows.get(u.id)?.quota).toBe(0);
      expect(deps.logs.inTransaction).toHaveLength(rows);
    });

    it('refuses an unknown user', async () => {
      await refused(
        users.credit(FAKE_TX, { userId: 999, quota: 1, type: LogType.CheckIn, content: 'x' }),
        'user.not_found',
      );
    });
  });

  describe('moving invite earnings to the balance', () => {
    const UNIT = 500000;
    const withEarnings = async (username: string, aff: number) => {
      const u = await seed(username);
      fake.rows.get(u.id)!.aff_quota = aff;
      return u.id;
    };

    it('takes the amount from aff_quota and credits it with a type-4 row, in one transaction', async () => {
      const id = await withEarnings('ivy', UNIT * 2);
      const rows = deps.logs.inTransaction.length;
      const opened = fake.transactions;
      await expect(users.transferAffQuota(id, UNIT)).resolves.toBe(UNIT);
      expect(fake.rows.get(id)).toMatchObject({ quota: UNIT, aff_quota: UNIT });
      expect(fake.transactions).toBe(opened + 1);
      expect(deps.logs.inTransaction.slice(rows).map((r) => r.row)).toEqual([
        expect.objectContaining({ type: LogType.System, user_id: id, quota: UNIT, other: `{"aff_transfer":${UNIT}}` }),
      ]);
      expect(changed).toContain(id);
    });

    it('refuses less than one quota unit and more than is pending, writing nothing', async () => {
      const id = await withEarnings('jack', UNIT);
      const rows = deps.logs.inTransaction.length;
      await refused(users.transferAffQuota(id, UNIT - 1), 'user.transfer_min');
      await refused(users.transferAffQuota(id, UNIT + 1), 'user.aff_quota_insufficient');
      expect(fake.rows.get(id)).toMatchObject({ quota: 0, aff_quota: UNIT });
      expect(deps.logs.inTransaction).toHaveLength(rows);
    });
  });

  describe('creating users', () => {
    it('gives each new user an aff_code of 8 letters and digits, different per user', async () => {
      const a = await seed('alice');
      const b = await seed('bob');
      expect(a.aff_code).toMatch(/^[A-Za-z0-9]{8}$/);
      expect(b.aff_code).toMatch(/^[A-Za-z0-9]{8}$/);
      expect(a.aff_code).not.toBe(b.aff_code);
    });

    it('starts a user enabled, in the default group, named after the username unless told otherwise', async () => {
      const u = await seed('carol');
      expect(u).toMatchObject({
        role: Role.User,
        status: UserStatus.Enabled,
        group: 'default',
        display_name: 'carol',
        inviter_id: 0,
      });
      const named = await users.insert({ username: 'dave', passwordHash: 'h', display_name: 'Dave D' });
      expect(named.display_name).toBe('Dave D');
    });

    it('books a starting quota with a system row in the same transaction', async () => {
      const u = await seed('erin', Role.User, 300);
      expect(fake.transactions).toBe(1);
      expect(deps.logs.inTransaction).toEqual([
        {
          tx: FAKE_TX,
          row: { type: LogType.System, user_id: u.id, username: 'erin', quota: 300, content: 'new user bonus 300' },
        },
      ]);
    });

    it('words the starting-quota row as the caller asks (setup: the root account)', async () => {
      await users.insert({
        username: 'root',
        passwordHash: 'h',
        role: Role.Root,
        quota: 7,
        quotaNote: 'root account created with 7 quota',
      });
      expect(deps.logs.inTransaction[0].row.content).toBe('root account created with 7 quota');
    });

    it('writes no quota row for a user starting at zero', async () => {
      await seed('frank');
      expect(deps.logs.inTransaction).toEqual([]);
    });

    it('joins the caller’s transaction when given one instead of opening its own', async () => {
      await users.insert({ username: 'gina', passwordHash: 'h' }, FAKE_TX);
      expect(fake.transactions).toBe(0);
      expect(await users.rootExists()).toBe(false);
    });

    it('refuses a username that is taken, leaving no trace', async () => {
      await seed('henry');
      await refused(seed('henry', Role.User, 100), 'register.username_taken');
      expect(fake.rows.size).toBe(1);
      expect(deps.logs.inTransaction).toEqual([]);
    });

    it('knows whether a root account exists', async () => {
      expect(await users.rootExists()).toBe(false);
      await seed('root', Role.Root);
      expect(await users.rootExists()).toBe(true);
    });
  });

  describe('finding users', () => {
    it('signs in by username or e-mail, never a deleted user', async () => {
      const u = await users.insert({ username: 'lea', passwordHash: 'h', email: 'lea@example.com' });
      expect((await users.findByLogin('lea'))?.id).toBe(u.id);
      expect((await users.findByLogin('lea@example.com'))?.id).toBe(u.id);
      expect(await users.findByLogin('nobody@example.com')).toBeNull();
      fake.rows.get(u.id)!.deleted_at = 1;
      expect(await users.findByLogin('lea')).toBeNull();
    });

    it('answers 404 for an unknown id', async () => {
      await refused(users.findById(404), 'user.not_found');
    });

    it('finds live inviters by aff_code and nothing for an empty code', async () => {
      const u = await seed('mia');
      expect((await users.findByAffCode(u.aff_code!))?.id).toBe(u.id);
      expect(await users.findByAffCode('')).toBeNull();
    });
  });

  describe('invite credits', () => {
    it('credits an inviter: one more invitee and the invite quota, never negative', async () => {
      const u = await seed('tom');
      await users.creditInviter(FAKE_TX, u.id, 12.7);
      await users.creditInviter(FAKE_TX, u.id, -5);
      expect(fake.rows.get(u.id)).toMatchObject({ aff_count: 2, aff_quota: 12, aff_history_quota: 12 });
    });
  });

  describe('credentials and sessions', () => {
    it('a self-service change that ends sessions keeps the asking session', async () => {
      const u = await seed('vera');
      await users.patchSelf(u.id, { display_name: 'V' }, { keep: 'this-session' });
      expect(deps.sessions.revoked).toEqual([{ tx: FAKE_TX, userId: u.id, keep: 'this-session' }]);
      expect(fake.rows.get(u.id)!.display_name).toBe('V');
    });

    it('a self-service rename to a taken username is refused', async () => {
      await seed('walt');
      const u = await seed('xena');
      await refused(users.patchSelf(u.id, { username: 'walt' }), 'register.username_taken');
    });

    it('checks passwords against the stored hash', async () => {
      const u = await seed('yuri');
      expect(await users.verifyPassword(u, 'yuri-pw')).toBe(true);
      expect(await users.verifyPassword(u, 'wrong')).toBe(false);
    });
  });
});
