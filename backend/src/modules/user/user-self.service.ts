import { Inject, Injectable } from '@nestjs/common';
import { Role, type UserView } from '@gw/shared';
import { APP_CONFIG, type AppConfig } from '../../config/env';
import { AppError } from '../../common/http/app-error';
import { nowSec } from '../../database/columns';
import type { AuthUser } from '../auth/auth-user';
import { keyedHash, randomAlphanumeric } from '../auth/secrets';
import { OptionService } from '../option/option.service';
import type { UpdateSelfDto, UserSettingDto } from './dto';
import { UserService } from './user.service';
import { mergeSetting } from './user-setting';
import { toUserView } from './user-view';

export interface GroupInfo {
  desc: string;
  ratio: number;
}

/** What a signed-in user does to their own account. */
@Injectable()
export class UserSelfService {
  constructor(
    private readonly users: UserService,
    private readonly options: OptionService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async view(caller: AuthUser): Promise<UserView> {
    return toUserView(await this.users.findById(caller.id));
  }

  /**
   * Updates the caller's own fields. A new password ends their other sessions (the one that asked
   * stays signed in) and revokes their access token: a new one must be generated.
   */
  async update(caller: AuthUser, dto: UpdateSelfDto): Promise<void> {
    const user = await this.users.findById(caller.id);
    const patch: Parameters<UserService['patchSelf']>[1] = {};
    if (dto.username !== undefined) patch.username = dto.username;
    if (dto.display_name !== undefined) patch.display_name = dto.display_name || user.username;
    if (!dto.password) return this.users.patchSelf(user.id, patch);
    if (!(await this.users.verifyPassword(user, dto.original_password ?? ''))) {
      throw AppError.badRequest('user.original_password_wrong');
    }
    patch.password = await this.users.hashPassword(dto.password);
    patch.access_token = null;
    await this.users.patchSelf(user.id, patch, { keep: caller.sessionKey });
  }

  /** Issues a new access token; only its keyed hash is stored, so it is shown this once. */
  async resetAccessToken(caller: AuthUser): Promise<string> {
    const token = randomAlphanumeric(32);
    await this.users.patchSelf(caller.id, { access_token: keyedHash(this.config.cryptoSecret, token) });
    return token;
  }

  async affCode(caller: AuthUser): Promise<string> {
    const user = await this.users.findById(caller.id);
    if (user.aff_code) return user.aff_code;
    const code = randomAlphanumeric(8);
    await this.users.patchSelf(user.id, { aff_code: code });
    return code;
  }

  async saveSetting(caller: AuthUser, dto: UserSettingDto): Promise<void> {
    const user = await this.users.findById(caller.id);
    await this.users.patchSelf(user.id, { setting: mergeSetting(user.setting, dto, this.config.cryptoSecret) });
  }

  /** Soft-deletes the caller's account and ends all of their sessions. */
  async deleteSelf(caller: AuthUser): Promise<void> {
    if (caller.role === Role.Root) throw AppError.forbidden('user.root_cannot_self_delete');
    await this.users.patchSelf(caller.id, { deleted_at: nowSec() }, {});
  }

  /** Groups the user may pick for tokens: the usable groups plus their own, with ratios. */
  groups(caller: AuthUser): Record<string, GroupInfo> {
    const s = this.options.settings;
    const usable = s.UserUsableGroups as Record<string, string>;
    const ratios = s.GroupRatio as Record<string, number>;
    const out: Record<string, GroupInfo> = {};
    for (const [name, desc] of Object.entries(usable)) out[name] = { desc, ratio: ratios[name] ?? 1 };
    if (!out[caller.group]) out[caller.group] = { desc: caller.group, ratio: ratios[caller.group] ?? 1 };
    return out;
  }
}
