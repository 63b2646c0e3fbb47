import { LogType, Role, UserStatus } from '@gw/shared';
import { AppError } from '../../common/http/app-error';
import { fakeDependencies } from '../../testing/fake-services';
import { fakeUserRepository, type FakeUserRepository } from '../../testing/fake-user-repository';
import { FAKE_TX } from '../../testing/strict-fake';
import type { AuthUser } from '../auth/auth-user';
import { UserAdminService } from './user-admin.service';
import { UserService } from './user.service';

const root: AuthUser = { id: 1, username: 'root', role: Role.Root, group: 'default', via: 'session' };
const admin: AuthUser = { id: 2, username: 'admin', role: Role.Admin, group: 'default', via: 'session' };

/** Rejects with an AppError carrying `key`. */
async function refused(work: Promise<unknown>, key: string): Promise<void> {
  await expect(work).rejects.toBeInstanceOf(AppError);
  await expect(work).rejects.toMatchObject({ key });
}

describe('UserAdminService', () => {
  let fake: FakeUserRepository;
  let deps: ReturnType<typeof fakeDependencies>;
  let users: UserService;
  let admins: UserAdminService;
  let changed: number[];

  beforeEach(() => {
    const repo = fakeUserRepository();
    fake = repo.fake;
    deps = fakeDependencies({ QuotaForNewUser: 500, GroupRatio: { default: 1, vip: 2 }, QuotaPerUnit: 500000, DisplayInCurrencyEnabled: true });
    users = new UserService(repo.repo, deps.passwordService, deps.sessionService, deps.optionService, deps.logService);
    admins = new UserAdminService(repo.repo, users, deps.passwordService, deps.sessionService, deps.optionService, deps.logService);
    changed = [];
    users.changes.subscribe((id) => changed.push(id));
  });

  /** A stored user of `role`, made the way every user is made. */
  const seed = (username: string, role: Role = Role.User, quota = 0) =>
    users.insert({ username, passwordHash: `hashed:${username}-pw`, role, quota });

  describe('creating users', () => {
    it('lets an admin create users with the new-user quota and a hashed password, but not admins', async () => {
      await admins.create(admin, { username: 'ivy', password: 'secret-pw', display_name: '' });
      const ivy = await users.findByLogin('ivy');
      expect(ivy).toMatchObject({ quota: 500, role: Role.User, password: 'hashed:secret-pw' });
      await refused(
        admins.create(admin, { username: 'jack', password: 'pw', display_name: '', role: Role.Admin }),
        'user.no_permission_create_same_level',
      );
      await admins.create(root, { username: 'kim', password: 'pw', display_name: '', role: Role.Admin });
      expect((await users.findByLogin('kim'))?.role).toBe(Role.Admin);
    });

  });

  describe('changing quota and credentials (admin edit)', () => {
    it('adds a difference and books it with a manage row stating before and after', async () => {
      const u = await seed('nora', Role.User, 1000);
      const view = await admins.update(root, { id: u.id, quota_delta: -250 });
      expect(view.quota).toBe(750);
      expect(fake.rows.get(u.id)!.quota).toBe(750);
      const row = deps.logs.inTransaction.at(-1)!.row;
      expect(row).toMatchObject({ type: LogType.Manage, user_id: u.id, quota: 250 });
      expect(JSON.parse(row.other!)).toEqual({
        quota_delta: -250,
        quota_before: 1000,
        quota_after: 750,
        admin_id: root.id,
        msg: 'quota_changed',
        msg_params: { admin: 'root', admin_id: root.id, from_quota: 1000, to_quota: 750, delta_quota: -250 },
      });
    });

    it('applies quota − original_quota as a difference, so spending meanwhile is kept', async () => {
      const u = await seed('olga', Role.User, 1000);
      fake.rows.get(u.id)!.quota = 900; // spent 100 after the console loaded 1000
      await admins.update(root, { id: u.id, quota: 1500, original_quota: 1000 });
      expect(fake.rows.get(u.id)!.quota).toBe(1400);
    });

    it('sets an absolute quota when only `quota` is sent, and writes nothing when it is unchanged', async () => {
      const u = await seed('paul', Role.User, 10);
      const before = deps.logs.inTransaction.length;
      await admins.update(root, { id: u.id, quota: 10 });
      expect(deps.logs.inTransaction).toHaveLength(before);
      await admins.update(root, { id: u.id, quota: 42 });
      expect(fake.rows.get(u.id)!.quota).toBe(42);
      expect(deps.logs.inTransaction).toHaveLength(before + 1);
    });

    it('refuses a difference that would leave the safe integer range, changing nothing', async () => {
      const u = await seed('quinn', Role.User, Number.MAX_SAFE_INTEGER - 1);
      await refused(admins.update(root, { id: u.id, quota_delta: 10, remark: 'x' }), 'user.quota_invalid');
      expect(fake.rows.get(u.id)).toMatchObject({ quota: Number.MAX_SAFE_INTEGER - 1, remark: '' });
    });

    it('refuses unknown groups and edits of an equal or higher role', async () => {
      const u = await seed('rita');
      await refused(admins.update(root, { id: u.id, group: 'nope' }), 'user.group_unknown');
      const other = await seed('sam', Role.Admin);
      await refused(admins.update(admin, { id: other.id, remark: 'x' }), 'user.no_permission_update_same_level');
    });

    it('a new password is hashed, revokes the access token and ends every session, in one transaction', async () => {
      const u = await seed('uma');
      fake.rows.get(u.id)!.access_token = 'old-token-hash';
      await admins.update(root, { id: u.id, password: 'brand-new-pw' });
      expect(fake.rows.get(u.id)).toMatchObject({ password: 'hashed:brand-new-pw', access_token: null });
      expect(deps.sessions.revoked).toEqual([{ tx: FAKE_TX, userId: u.id, keep: undefined }]);
      expect(changed).toEqual([u.id]);
    });

  });

  describe('status changes (manage)', () => {
    it('disabling ends the sessions; enabling does not bring them back', async () => {
      const u = await seed('zoe');
      expect(await admins.manage(root, u.id, 'disable')).toEqual({ role: Role.User, status: UserStatus.Disabled });
      expect(await admins.manage(root, u.id, 'enable')).toEqual({ role: Role.User, status: UserStatus.Enabled });
      expect(deps.sessions.revoked.map((r) => r.userId)).toEqual([u.id]);
      expect(changed).toEqual([u.id, u.id]);
    });

    it('deleting marks the row deleted; a deleted user cannot be managed again', async () => {
      const u = await seed('abe');
      await admins.manage(root, u.id, 'delete');
      expect(fake.rows.get(u.id)!.deleted_at).toEqual(expect.any(Number));
      await refused(admins.manage(root, u.id, 'enable'), 'user.deleted');
    });

    it('root cannot be disabled, deleted or demoted', async () => {
      const r = await seed('theroot', Role.Root);
      await refused(admins.manage(root, r.id, 'disable'), 'user.root_cannot_disable');
      await refused(admins.manage(root, r.id, 'delete'), 'user.root_cannot_delete');
      await refused(admins.manage(root, r.id, 'demote'), 'user.root_cannot_demote');
    });

    it('only root promotes, and only users below admin', async () => {
      const u = await seed('bea');
      await refused(admins.manage(admin, u.id, 'promote'), 'user.no_permission_promote_admin');
      expect((await admins.manage(root, u.id, 'promote')).role).toBe(Role.Admin);
      await refused(admins.manage(root, u.id, 'promote'), 'user.already_admin');
      expect((await admins.manage(root, u.id, 'demote')).role).toBe(Role.User);
      await refused(admins.manage(root, u.id, 'demote'), 'user.already_user');
    });

    it('a locked user is not enabled by manage', async () => {
      const u = await seed('cleo');
      fake.rows.get(u.id)!.status = UserStatus.Locked;
      await refused(admins.manage(root, u.id, 'enable'), 'user.enable_locked');
    });
  });
});
