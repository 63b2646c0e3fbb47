import { Inject, Injectable } from '@nestjs/common';
import { channelTypeInfo } from '@gw/shared';
import { APP_CONFIG, type AppConfig } from '../../../config/env';
import { OptionService } from '../../option/option.service';
import { TokenService } from '../../token/token.service';
import { UserService } from '../../user/user.service';
import { RelayError } from '../http/relay-error';
import type { RelayCaller } from '../pipeline/relay-caller';
import { ChannelDirectory } from '../routing/channel-directory.service';

export interface OpenAIModel {
  id: string;
  object: 'model';
  created: number;
  owned_by: string;
}

/** Fixed so that listings are stable between calls. */
const CREATED = 1626777600;

/** GET /v1/models and the legacy billing endpoints, for an authenticated key. */
@Injectable()
export class RelayModels {
  constructor(
    private readonly channels: ChannelDirectory,
    private readonly options: OptionService,
    private readonly tokens: TokenService,
    private readonly users: UserService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Models the key may use: served in its group, within its model limits. */
  list(caller: RelayCaller): OpenAIModel[] {
    const table = this.channels.table;
    const limits = caller.token?.modelLimits ?? null;
    return table
      .models(caller.group)
      .filter((m) => !limits || limits.has(m))
      .map((id) => ({ id, object: 'model' as const, created: CREATED, owned_by: this.ownerOf(caller.group, id) }));
  }

  get(caller: RelayCaller, id: string): OpenAIModel {
    const model = this.list(caller).find((m) => m.id === id);
    if (!model) throw RelayError.unknownModel(id);
    return model;
  }

  /** OpenAI's legacy /dashboard/billing/subscription: the key's (or, if unlimited, the user's) quota. */
  async subscription(caller: RelayCaller, keyHash: string) {
    const { quota, expires } = await this.quotaOf(caller, keyHash);
    const amount = this.amount(quota);
    return {
      object: 'billing_subscription',
      has_payment_method: true,
      soft_limit_usd: amount,
      hard_limit_usd: amount,
      system_hard_limit_usd: amount,
      access_until: expires,
    };
  }

  /** /dashboard/billing/usage: total_usage in cents, as OpenAI answered. */
  async usage(caller: RelayCaller, keyHash: string) {
    const { used } = await this.quotaOf(caller, keyHash);
    return { object: 'list', total_usage: this.amount(used) * 100 };
  }

  private async quotaOf(
    caller: RelayCaller,
    keyHash: string,
  ): Promise<{ quota: number; used: number; expires: number }> {
    const token = await this.tokens.findByKeyHash(keyHash);
    if (token && !token.unlimited_quota && this.options.settings.DisplayTokenStatEnabled) {
      return {
        quota: token.remain_quota + token.used_quota,
        used: token.used_quota,
        expires: token.expired_time === -1 ? 0 : token.expired_time,
      };
    }
    const user = await this.users.findById(caller.user.id);
    return { quota: user.quota + user.used_quota, used: user.used_quota, expires: 0 };
  }

  private amount(quota: number): number {
    const s = this.options.settings;
    return s.DisplayInCurrencyEnabled ? quota / s.QuotaPerUnit : quota;
  }

  private ownerOf(group: string, model: string): string {
    const channel = this.channels.table.tiers(group, model)[0]?.channels[0];
    const name = channel ? channelTypeInfo(channel.type)?.name : undefined;
    return (name ?? 'custom').toLowerCase().replace(/\s+/g, '-');
  }
}
