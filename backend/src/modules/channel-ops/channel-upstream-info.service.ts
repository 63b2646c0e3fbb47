import { Injectable, Logger } from '@nestjs/common';
import { ChannelStatus, channelTypeInfo, firstChannelKey } from '@gw/shared';
import { AppError } from '../../common/http/app-error';
import { ChannelService } from '../channel/channel.service';
import type { AdaptorTarget, RelayAdaptor, UpstreamCall } from '../../providers/provider';
import { getCall, joinUrl } from '../../providers/shared/model-listing';
import { AdaptorRegistry, type ChannelTypeEntry } from '../../providers/adaptor-registry';
import { callSecrets } from '../upstream/secrets';
import {
  failureText,
  type HttpAnswer,
  preparedTarget,
  upstreamErrorText,
  upstreamRequest,
} from '../upstream/management-http';

const TIMEOUT_MS = 20_000;

/** What fetching a model list needs to know of a channel, saved or not. */
export interface ListingInput {
  type: number;
  base_url: string;
  /** The channel's key field (several keys: the first is used). */
  key: string;
  other?: string;
  openai_organization?: string;
}

/** Balances and model lists read from a channel's upstream. */
@Injectable()
export class ChannelUpstreamInfoService {
  private readonly logger = new Logger(ChannelUpstreamInfoService.name);
  private running = false;

  constructor(
    private readonly channels: ChannelService,
    private readonly registry: AdaptorRegistry,
  ) {}

  /** Queries and stores the balance of one channel (types whose provider reports one, see providers/openai/balance.ts). */
  async updateBalance(id: number): Promise<number> {
    const c = await this.channels.find(id);
    const entry = this.registry.get(c.type);
    const query = entry?.balance;
    if (!query || !entry) throw AppError.badRequest('channel.balance_unsupported');
    const keys = this.channels.keysOf(c);
    const secrets = callSecrets(entry.adaptor, keys);
    const base = this.baseUrl(c.type, c.base_url);
    let balance: number;
    try {
      const answers: unknown[] = [];
      for (const path of query.paths(new Date())) {
        const call = getCall(joinUrl(base, path), { authorization: `Bearer ${keys[0] ?? ''}` });
        answers.push(parseJson(await this.send(entry.adaptor, call, secrets)));
      }
      balance = query.read(answers);
    } catch (err) {
      throw AppError.badRequest('channel.balance_failed', {
        detail: err instanceof UpstreamFault ? err.message : failureText(err, secrets),
      });
    }
    if (!Number.isFinite(balance))
      throw AppError.badRequest('channel.balance_failed', { detail: 'no balance in the answer' });
    await this.channels.recordBalance(id, balance);
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
    const rows = await this.channels.refs({ statusIn: [ChannelStatus.Enabled] });
    for (const r of rows.filter((x) => this.registry.get(x.type)?.balance)) {
      await this.updateBalance(r.id).catch(() => this.logger.warn(`balance of channel #${r.id} not updated`));
    }
  }

  /** Models of an existing channel (GET /api/channel/fetch_models/{id}). */
  async modelsOf(id: number): Promise<string[]> {
    const c = await this.channels.find(id);
    return this.fetchModels({
      type: c.type,
      base_url: c.base_url ?? '',
      key: this.channels.keysOf(c)[0] ?? '',
      other: c.other ?? '',
      openai_organization: c.openai_organization ?? '',
    });
  }

  /**
   * Models the upstream lists for this key, through the type's adaptor (credentials prepared first when
   * the type needs it). Types without a listing answer "not supported".
   */
  async fetchModels(input: ListingInput): Promise<string[]> {
    const entry = this.registry.get(input.type);
    const listing = entry?.adaptor.models;
    if (!entry || !listing) throw AppError.badRequest('channel.type_unsupported');
    const key = firstChannelKey(input.type, input.key);
    if (!key) throw AppError.badRequest('channel.key_required');
    const secrets = callSecrets(entry.adaptor, [key]);
    try {
      const target = await this.prepare(entry, input, key, secrets);
      const body = await this.send(entry.adaptor, listing.call(target), secrets);
      let ids: string[];
      try {
        ids = listing.read(body);
      } catch {
        throw new UpstreamFault('the upstream answer is not a model list');
      }
      return [...new Set(ids)];
    } catch (err) {
      throw AppError.badRequest('channel.fetch_models_failed', {
        detail: err instanceof UpstreamFault ? err.message : failureText(err, secrets),
      });
    }
  }

  private async prepare(
    entry: ChannelTypeEntry,
    input: ListingInput,
    key: string,
    secrets: string[],
  ): Promise<AdaptorTarget> {
    const target: AdaptorTarget = {
      baseUrl: this.baseUrl(input.type, input.base_url.trim()),
      key,
      organization: input.openai_organization ?? '',
      paramOverride: null,
      other: input.other ?? '',
    };
    return preparedTarget(entry.adaptor, target, secrets, TIMEOUT_MS);
  }

  private baseUrl(type: number, own: string | null): string {
    const base = own || this.registry.get(type)?.defaultBaseUrl || channelTypeInfo(type)?.baseUrl || '';
    if (!base) throw AppError.badRequest('channel.type_unsupported');
    return base;
  }

  /** Sends one upstream call; a non-2xx answer becomes an UpstreamFault with the provider's own message. */
  private async send(adaptor: RelayAdaptor, call: UpstreamCall, secrets: readonly string[]): Promise<Buffer> {
    const res: HttpAnswer = await upstreamRequest(call.origin + call.path, {
      method: call.method,
      headers: { ...call.headers },
      body: call.body,
      timeoutMs: TIMEOUT_MS,
    });
    if (res.status >= 300) throw new UpstreamFault(upstreamErrorText(adaptor, res.status, res.body, secrets));
    return res.body;
  }
}

function parseJson(body: Buffer): unknown {
  try {
    return JSON.parse(body.toString('utf8'));
  } catch {
    throw new UpstreamFault('the upstream did not answer JSON');
  }
}

/** An upstream answer that is not usable; its message is already redacted. */
class UpstreamFault extends Error {}
