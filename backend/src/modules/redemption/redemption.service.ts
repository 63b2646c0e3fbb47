import { Injectable } from '@nestjs/common';
import { LogType, RedemptionStatus, REDEMPTION_KEY_LENGTH, giftExhausted, renderQuota } from '@gw/shared';
import { AppError } from '../../common/http/app-error';
import { paged, type PageRequest } from '../../common/http/paging';
import type { MessageKey } from '../../common/i18n/messages';
import { nowSec } from '../../database/columns';
import { isUniqueViolation } from '../../database/db-errors';
import type { RedemptionEntity } from '../../database/entities';
import { randomAlphanumeric } from '../auth/secrets';
import { OptionService } from '../option/option.service';
import { UserService } from '../user/user.service';
import type { CreateRedemptionDto, UpdateRedemptionDto } from './dto';
import { RedemptionRepository, type RedemptionPatch } from './redemption.repository';
import { toRedemptionView, type RedeemResult, type RedemptionView } from './redemption-view';

/** Thrown inside the redeem transaction when the conditional claim did not apply (rolls it back). */
class ClaimRefused extends Error {}

/**
 * Redemption codes (docs/redemption.md): admins issue and manage them; any signed-in user redeems
 * one. A redeem is one conditional update of the code (plus the unique (code, user) row for gift
 * codes) and the credit with its type-1 log row, in one transaction.
 */
@Injectable()
export class RedemptionService {
  constructor(
    private readonly repo: RedemptionRepository,
    private readonly users: UserService,
    private readonly options: OptionService,
  ) {}

  async list(keyword: string, req: PageRequest) {
    const [rows, total] = await this.repo.page(keyword, { skip: req.page * req.pageSize, take: req.pageSize });
    return paged(rows.map(toRedemptionView), total, req);
  }

  async get(id: number): Promise<RedemptionView> {
    return toRedemptionView(await this.find(id));
  }

  /** Creates `count` codes with crypto-random keys (or the one chosen key); answers the keys. */
  async create(adminId: number, dto: CreateRedemptionDto): Promise<string[]> {
    const s = this.options.settings;
    const name = dto.name || renderQuota(dto.quota, { displayInCurrency: s.DisplayInCurrencyEnabled, quotaPerUnit: s.QuotaPerUnit });
    const keys = dto.key !== undefined ? [dto.key] : Array.from({ length: dto.count }, () => randomAlphanumeric(REDEMPTION_KEY_LENGTH));
    const now = nowSec();
    try {
      await this.repo.insertAll(
        keys.map((key) => ({
          user_id: adminId,
          key,
          name,
          status: RedemptionStatus.Unused,
          quota: dto.quota,
          is_gift: dto.is_gift,
          // A code that is not a gift is used once, whatever max_uses says.
          max_uses: dto.is_gift ? dto.max_uses : 1,
          used_count: 0,
          valid_from: dto.valid_from,
          valid_until: dto.valid_until,
          created_time: now,
          redeemed_time: 0,
          used_user_id: 0,
        })),
      );
    } catch (err) {
      if (isUniqueViolation(err)) throw AppError.badRequest('redemption.key_taken');
      throw err;
    }
    return keys;
  }

  /** Edits an unused code (status 1); a code already redeemed by someone keeps its gift kind. */
  async update(dto: UpdateRedemptionDto): Promise<RedemptionView> {
    const row = await this.find(dto.id);
    if (row.status !== RedemptionStatus.Unused) throw AppError.badRequest('redemption.edit_unused_only');
    const patch: RedemptionPatch = {};
    if (dto.name !== undefined) patch.name = dto.name;
    if (dto.quota !== undefined) patch.quota = dto.quota;
    if (dto.is_gift !== undefined) patch.is_gift = dto.is_gift;
    if (dto.max_uses !== undefined) patch.max_uses = dto.max_uses;
    if (dto.valid_from !== undefined) patch.valid_from = dto.valid_from;
    if (dto.valid_until !== undefined) patch.valid_until = dto.valid_until;
    const isGift = patch.is_gift ?? Boolean(row.is_gift);
    if (!isGift) patch.max_uses = 1;
    const from = patch.valid_from ?? Number(row.valid_from);
    const until = patch.valid_until ?? Number(row.valid_until);
    if (from && until && from >= until) throw AppError.badRequest('redemption.valid_range');
    const switching = isGift !== Boolean(row.is_gift);
    if (switching && row.used_count > 0) throw AppError.badRequest('redemption.gift_switch_after_use');
    if (!(await this.repo.updateUnused(row.id, patch, switching))) {
      const now = await this.find(row.id);
      throw AppError.badRequest(now.status !== RedemptionStatus.Unused ? 'redemption.edit_unused_only' : 'redemption.gift_switch_after_use');
    }
    return this.get(row.id);
  }

  /** Status-only change between unused (1) and disabled (2); a used code (3) keeps its status. */
  async setStatus(id: number, status: number | undefined): Promise<RedemptionView> {
    if (status !== RedemptionStatus.Unused && status !== RedemptionStatus.Disabled) throw AppError.badRequest('redemption.status_invalid');
    const refuse = () => AppError.badRequest(status === RedemptionStatus.Unused ? 'redemption.used_cannot_enable' : 'redemption.used_status_locked');
    if ((await this.find(id)).status === RedemptionStatus.Used) throw refuse();
    if (!(await this.repo.setStatusUnlessUsed(id, status))) {
      await this.find(id);
      throw refuse();
    }
    return this.get(id);
  }

  async remove(id: number): Promise<void> {
    if (!(await this.repo.softDelete(id, nowSec()))) throw AppError.notFound('redemption.not_found');
  }

  disableMany(ids: readonly number[]): Promise<number> {
    return this.repo.disableUnused(ids);
  }

  deleteInvalid(): Promise<number> {
    return this.repo.softDeleteInvalid(nowSec());
  }

  countByName(name: string): Promise<number> {
    return this.repo.countByName(name);
  }

  deleteByName(name: string): Promise<number> {
    return this.repo.softDeleteByName(name, nowSec());
  }

  /** Redeems `key` for `userId`: credits the code's quota once (gift codes: once per user, within max_uses). */
  async redeem(userId: number, key: string): Promise<RedeemResult> {
    const code = await this.repo.findLiveByKey(key);
    if (!code) throw AppError.badRequest('redemption.invalid');
    const isGift = Boolean(code.is_gift);
    const quota = Number(code.quota);
    const now = nowSec();
    try {
      await this.repo.transaction(async (tx) => {
        const claimed = isGift
          ? await this.repo.claimGift(tx, code.id, userId, now)
          : await this.repo.claimSingle(tx, code.id, userId, now);
        if (!claimed) throw new ClaimRefused();
        await this.users.credit(tx, {
          userId,
          quota,
          type: LogType.TopUp,
          content: `redemption code #${code.id}${isGift ? ' (gift)' : ''}: +${quota}`,
          other: { redemption_id: code.id, is_gift: isGift },
        });
      });
    } catch (err) {
      if (isGift && isUniqueViolation(err)) throw AppError.badRequest('redemption.gift_already_redeemed');
      if (err instanceof ClaimRefused) throw AppError.badRequest(await this.refusal(code.id, userId, now));
      throw err;
    }
    this.users.changes.next(userId);
    return { quota, is_gift: isGift };
  }

  /** Why a claim did not apply, read after the fact (the claim itself decided). */
  private async refusal(id: number, userId: number, now: number): Promise<MessageKey> {
    const code = await this.repo.findLive(id);
    if (!code) return 'redemption.invalid';
    if (code.is_gift && (await this.repo.hasUsed(id, userId))) return 'redemption.gift_already_redeemed';
    if (code.status === RedemptionStatus.Disabled) return 'redemption.disabled';
    if (code.status === RedemptionStatus.Used) return 'redemption.used';
    if (Number(code.valid_from) && Number(code.valid_from) > now) return 'redemption.not_yet_valid';
    if (Number(code.valid_until) && Number(code.valid_until) <= now) return 'redemption.expired';
    if (giftExhausted({ is_gift: Boolean(code.is_gift), max_uses: code.max_uses, used_count: code.used_count })) return 'redemption.gift_exhausted';
    return 'redemption.invalid';
  }

  private async find(id: number): Promise<RedemptionEntity> {
    const row = await this.repo.findLive(id);
    if (!row) throw AppError.notFound('redemption.not_found');
    return row;
  }
}
