import { Inject, Injectable, Optional, type OnModuleDestroy } from '@nestjs/common';
import {
  channelTypeInfo,
  comparePricingItems,
  DEFAULT_PRICING_GROUP,
  pricingItem,
  viewerGroups,
  type PricingItem,
} from '@gw/shared';
import type { FastifyRequest } from 'fastify';
import type { Subscription } from 'rxjs';
import { AppError } from '../../common/http/app-error';
import { APP_CONFIG, type AppConfig } from '../../config/env';
import { ConsoleAuthService } from '../auth/console-auth.service';
import { ChannelService, type ModelServing } from '../channel/channel.service';
import { OptionService } from '../option/option.service';
import { ClusterBus } from '../redis/cluster-bus.service';
import { acceptsUnpricedModels } from '../user/user-setting';
import { UserService } from '../user/user.service';

/** The price list for one viewer: what GET /api/pricing answers besides the envelope. */
export interface PriceList {
  items: PricingItem[];
  groupRatio: Record<string, number>;
  usableGroup: Record<string, string>;
}

interface Viewer {
  group: string;
  acceptUnpriced: boolean;
}

const ANONYMOUS: Viewer = { group: DEFAULT_PRICING_GROUP, acceptUnpriced: false };

/**
 * The public price list (docs/pricing.md): every model an enabled channel serves in a group the
 * viewer may use, priced for that viewer. A signed-in caller sees their own group and settings; anyone
 * else (no or a stale session) sees the default group's. Where models are served is read through
 * ChannelService and kept for SYNC_FREQUENCY seconds, dropped at once on a channel change here or on
 * another node (docs/cluster.md).
 */
@Injectable()
export class PricingService implements OnModuleDestroy {
  private served: { at: number; map: Promise<Map<string, ModelServing>> } | null = null;
  private readonly subscription: Subscription;

  constructor(
    private readonly channels: ChannelService,
    private readonly options: OptionService,
    private readonly auth: ConsoleAuthService,
    private readonly users: UserService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Optional() bus?: ClusterBus,
  ) {
    const drop = () => {
      this.served = null;
    };
    this.subscription = this.channels.changes.subscribe(drop);
    bus?.subscribe('channel', drop);
    bus?.onResync(drop);
  }

  onModuleDestroy(): void {
    this.subscription.unsubscribe();
  }

  async list(req: FastifyRequest): Promise<PriceList> {
    const [viewer, served] = await Promise.all([this.viewerOf(req), this.servedModels()]);
    const s = this.options.settings;
    const { usable, ratios } = viewerGroups(viewer.group, s);
    const items: PricingItem[] = [];
    for (const [model, where] of served) {
      const groups = [...where.groups].filter((g) => Object.prototype.hasOwnProperty.call(usable, g)).sort();
      if (groups.length === 0) continue;
      items.push(pricingItem(model, groups, ownerOf(where.types), s, viewer.acceptUnpriced));
    }
    items.sort(comparePricingItems);
    return { items, groupRatio: ratios, usableGroup: usable };
  }

  /** The signed-in caller, or the anonymous viewer when the request proves no one. */
  private async viewerOf(req: FastifyRequest): Promise<Viewer> {
    if (!req.headers.authorization && !req.headers.cookie) return ANONYMOUS;
    try {
      const caller = await this.auth.authenticate(req);
      const user = await this.users.findById(caller.id);
      return { group: caller.group, acceptUnpriced: acceptsUnpricedModels(user.setting) };
    } catch (e) {
      if (e instanceof AppError && (e.status === 401 || e.status === 404)) return ANONYMOUS;
      throw e;
    }
  }

  /** A read started before a channel change is dropped with the change, so it is never kept stale. */
  private servedModels(): Promise<Map<string, ModelServing>> {
    const now = Date.now();
    if (this.served && now - this.served.at < this.config.syncFrequencySec * 1000) return this.served.map;
    const entry = { at: now, map: this.channels.servedModels() };
    this.served = entry;
    entry.map.catch(() => {
      if (this.served === entry) this.served = null;
    });
    return entry.map;
  }
}

/** The name of the channel type serving a model; '' when several types serve it. */
function ownerOf(types: Set<number>): string {
  if (types.size !== 1) return '';
  const [type] = types;
  return (channelTypeInfo(type)?.name ?? 'custom').toLowerCase().replace(/\s+/g, '-');
}
