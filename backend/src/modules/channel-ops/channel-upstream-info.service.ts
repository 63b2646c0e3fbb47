import { Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { ChannelStatus, channelTypeInfo } from '@gw/shared';
import { type Repository } from 'typeorm';
import { AppError } from '../../common/http/app-error';
import { nowSec } from '../../database/columns';
import { ChannelEntity } from '../../database/entities';
import { splitKeys } from '../channel/channel-fields';
import { ChannelService } from '../channel/channel.service';
import { AdaptorRegistry } from '../relay/adaptors/registry';
import { errorBodyText, failureText, joinUrl, upstreamRequest } from './upstream-http';

const TIMEOUT_MS = 20_000;

/** Path prefix of the OpenAI-style API per type (as the relay's OpenAI family uses it). */
const API_PREFIX: Readonly<Record<number, string>> = { 26: '/api/paas/v4', 27: '', 45: '/api/v3', 46: '/v2' };

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- provider answers are untyped JSON, read defensively
type Json = Record<string, any>;
const num = (v: unknown) => (typeof v === 'number' ? v : Number(v));

/** How a provider reports the remaining balance (USD or its own currency). */
const BALANCE: Readonly<Record<number, (get: (path: string) => Promise<Json>) => Promise<number>>> = {
  // OpenAI (and compatible resellers): subscription hard limit minus this month's usage (cents).
  1: async (get) => {
    const sub = await get('/v1/dashboard/billing/subscription');
    const now = new Date();
    const start = new Date(now.getFullYear(), now.getMonth(), 1).toISOString().slice(0, 10);
    const end = new Date(now.getTime() + 86400_000).toISOString().slice(0, 10);
    const usage = await get(`/v1/dashboard/billing/usage?start_date=${start}&end_date=${end}`);
    return num(sub.hard_limit_usd) - num(usage.total_usage) / 100;
  },
  20: async (get) => {
    const d = (await get('/v1/credits')).data as Json;
    return num(d.total_credits) - num(d.total_usage);
  },
  40: async (get) => {
    const d = (await get('/v1/user/info')).data as Json;
    return num(d.totalBalance ?? d.balance);
  },
  43: async (get) => {
    const infos = (await get('/user/balance')).balance_infos as Json[];
    return num(infos?.[0]?.total_balance);
  },
};

/** Balances and model lists read from a channel's upstream. */
@Injectable()
export class ChannelUpstreamInfoService {
  private readonly logger = new Logger(ChannelUpstreamInfoService.name);
  private running = false;

  constructor(
    @InjectRepository(ChannelEntity) private readonly repo: Repository<ChannelEntity>,
    private readonly channels: ChannelService,
    private readonly registry: AdaptorRegistry,
  ) {}

  /** Queries and stores the balance of one channel. */
  async updateBalance(id: number): Promise<number> {
    const c = await this.find(id);
    const read = BALANCE[c.type];
    if (!read) throw AppError.badRequest('channel.balance_unsupported');
    const keys = this.channels.keysOf(c);
    const base = this.baseUrl(c.type, c.base_url);
    let balance: number;
    try {
      balance = await read((path) => this.getJson(joinUrl(base, path), keys[0] ?? '', keys));
    } catch (err) {
      throw AppError.badRequest('channel.balance_failed', { detail: err instanceof UpstreamFault ? err.message : failureText(err, keys) });
    }
    if (!Number.isFinite(balance)) throw AppError.badRequest('channel.balance_failed', { detail: 'no balance in the answer' });
    await this.repo.update({ id }, { balance, balance_updated_time: nowSec() });
    return balance;
  }

  /** GET /api/channel/update_balance: every enabled channel whose type reports a balance, in the background. */
  startUpdateAll(): boolean {
    if (this.running) return false;
    this.running = true;
    void this.updateAll().finally(() => (this.running = false));
    return true;
  }

  async updateAll(): Promise<void> {
    const rows = await this.repo.find({ select: { id: true, type: true }, where: { status: ChannelStatus.Enabled } });
    for (const r of rows.filter((x) => BALANCE[x.type])) {
      await this.updateBalance(r.id).catch(() => this.logger.warn(`balance of channel #${r.id} not updated`));
    }
  }

  /** Models of an existing channel (GET /api/channel/fetch_models/{id}). */
  async modelsOf(id: number): Promise<string[]> {
    const c = await this.find(id);
    return this.fetchModels(c.type, c.base_url, this.channels.keysOf(c)[0] ?? '');
  }

  /** Models a (new) channel's upstream lists at GET {base}/v1/models (OpenAI-style types only). */
  async fetchModels(type: number, baseUrl: string, rawKey: string): Promise<string[]> {
    const entry = this.registry.get(type);
    if (!entry || entry.native) throw AppError.badRequest('channel.type_unsupported');
    const key = splitKeys(type, rawKey)[0];
    if (!key) throw AppError.badRequest('channel.key_required');
    const url = joinUrl(this.baseUrl(type, baseUrl.trim()), `${API_PREFIX[type] ?? '/v1'}/models`);
    try {
      const body = await this.getJson(url, key, [key]);
      const list = (Array.isArray(body) ? body : Array.isArray(body.data) ? body.data : []) as unknown[];
      return [...new Set(list.map((m) => (typeof m === 'string' ? m : String((m as Json)?.id ?? ''))).filter(Boolean))];
    } catch (err) {
      throw AppError.badRequest('channel.fetch_models_failed', { detail: err instanceof UpstreamFault ? err.message : failureText(err, [key]) });
    }
  }

  private baseUrl(type: number, own: string): string {
    const base = own || this.registry.get(type)?.defaultBaseUrl || channelTypeInfo(type)?.baseUrl || '';
    if (!base) throw AppError.badRequest('channel.type_unsupported');
    return base;
  }

  private async getJson(url: string, key: string, keys: readonly string[]): Promise<Json> {
    const res = await upstreamRequest(url, { headers: { authorization: `Bearer ${key}`, accept: 'application/json' }, timeoutMs: TIMEOUT_MS });
    if (res.status >= 300) throw new UpstreamFault(errorBodyText(res.status, res.body, keys));
    try {
      return JSON.parse(res.body.toString('utf8')) as Json;
    } catch {
      throw new UpstreamFault('the upstream did not answer JSON');
    }
  }

  private async find(id: number): Promise<ChannelEntity> {
    const c = await this.repo.findOneBy({ id });
    if (!c) throw AppError.notFound('channel.not_found');
    return c;
  }
}

/** An upstream answer that is not usable; its message is already redacted. */
class UpstreamFault extends Error {}
