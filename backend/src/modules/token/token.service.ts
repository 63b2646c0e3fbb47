import { Inject, Injectable, Optional } from '@nestjs/common';
import { DEFAULT_PAGE_SIZE, TokenStatus } from '@gw/shared';
import { Subject } from 'rxjs';
import { AppError } from '../../common/http/app-error';
import { paged, type PageRequest } from '../../common/http/paging';
import { APP_CONFIG, type AppConfig } from '../../config/env';
import { nowSec } from '../../database/columns';
import { TokenEntity } from '../../database/entities';
import { decryptSecret, encryptSecret } from '../auth/secret-box';
import { OptionService } from '../option/option.service';
import { ClusterBus } from '../redis/cluster-bus.service';
import { isGroupUsable } from '../user/usable-groups';
import { randomAlphanumeric } from '../auth/secrets';
import type { CreateTokenDto, TokenSearchQuery, UpdateTokenDto } from './dto';
import { generateKeyBody, KEY_BODY_LENGTH, keyHashOf } from './token-key';
import { TokenRepository, type OwnedTokenFilter } from './token.repository';
import { toTokenView, type TokenView } from './token-view';

/** Key-fragment search decrypts at most this many of the caller's tokens. */
const SEARCH_SCAN_LIMIT = 10_000;

/** Emitted after a token row changed, so caches keyed by id or key hash can drop it. */
export interface TokenChange {
  id: number;
  keyHash: string;
}

/**
 * API tokens: owners manage their own; the relay reads them through its cache (findByKeyHash). Each
 * change made here is announced on `changes` and to the other nodes (docs/cluster.md).
 */
@Injectable()
export class TokenService {
  readonly changes = new Subject<TokenChange>();

  constructor(
    private readonly repo: TokenRepository,
    private readonly options: OptionService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Optional() bus?: ClusterBus,
  ) {
    this.changes.subscribe(({ keyHash }) => void bus?.publish('token', { keyHash }));
  }

  /**
   * Creates `count` tokens (default 1) for `userId`; every one after the first is named
   * "{name}-{6 alphanumerics}". The views carry the full keys (shown to the owner).
   */
  async create(userId: number, userGroup: string, dto: CreateTokenDto): Promise<TokenView | TokenView[]> {
    this.checkGroup(userGroup, dto.group);
    const { count, ...fields } = dto;
    const n = count ?? 1;
    const bodies = Array.from({ length: n }, () => generateKeyBody());
    const saved = await this.repo.insertAll(
      bodies.map((body, i) => ({
        ...fields,
        name: i === 0 ? fields.name : `${fields.name}-${randomAlphanumeric(6)}`,
        allow_ips: fields.allow_ips ?? '',
        user_id: userId,
        key: encryptSecret(this.config.cryptoSecret, body),
        key_hash: keyHashOf(this.config.cryptoSecret, body),
        status: TokenStatus.Enabled,
        created_time: nowSec(),
        accessed_time: nowSec(),
        used_quota: 0,
      })),
    );
    const made = saved.map((t, i) => toTokenView(t, bodies[i]));
    return count === undefined ? made[0] : made;
  }

  /**
   * GET /api/token/search: `keyword` matches the name; `token` is a key fragment matched against the
   * caller's own keys decrypted in memory (a full key is found by its keyed hash). Never LIKE on keys.
   */
  async searchOwn(userId: number, q: TokenSearchQuery) {
    const page: PageRequest = { page: q.p, pageSize: q.size ?? q.page_size ?? DEFAULT_PAGE_SIZE };
    const filter: OwnedTokenFilter = { nameContains: q.keyword || undefined };
    const fragment = q.token.replace(/^sk-/, '');
    if (!fragment) {
      const [rows, total] = await this.repo.pageOwned(userId, filter, {
        skip: page.page * page.pageSize,
        take: page.pageSize,
      });
      return paged(
        rows.map((t) => this.view(t)),
        total,
        page,
      );
    }
    if (!/^[A-Za-z0-9-]+$/.test(fragment)) return paged([], 0, page);
    if (fragment.length === KEY_BODY_LENGTH) filter.keyHash = keyHashOf(this.config.cryptoSecret, fragment);
    const views = (await this.repo.listOwned(userId, filter, SEARCH_SCAN_LIMIT))
      .map((t) => this.view(t))
      .filter((v) => v.key.includes(fragment));
    return paged(views.slice(page.page * page.pageSize, (page.page + 1) * page.pageSize), views.length, page);
  }

  async listOwn(userId: number, page: PageRequest) {
    const [rows, total] = await this.repo.pageOwned(
      userId,
      {},
      { skip: page.page * page.pageSize, take: page.pageSize },
    );
    return paged(
      rows.map((t) => this.view(t)),
      total,
      page,
    );
  }

  async getOwn(userId: number, id: number): Promise<TokenView> {
    return this.view(await this.findOwn(userId, id));
  }

  /**
   * POST /api/token/{id}/key: the key of one of the caller's tokens, without the `sk-` prefix, as
   * new-api answers it. Another user's token is not found. Not logged: the owner's own lists carry it.
   */
  async revealOwnKey(userId: number, id: number): Promise<string> {
    return decryptSecret(this.config.cryptoSecret, (await this.findOwn(userId, id)).key);
  }

  /** Updates the caller's token; with statusOnly, only the status moves. */
  async updateOwn(userId: number, userGroup: string, dto: UpdateTokenDto, statusOnly: boolean): Promise<TokenView> {
    const token = await this.findOwn(userId, dto.id);
    const patch: Partial<TokenEntity> = {};
    if (statusOnly && dto.status === undefined) throw AppError.badRequest('token.status_invalid');
    if (!statusOnly) {
      const { id: _id, status: _status, ...fields } = dto;
      if (fields.group !== undefined) this.checkGroup(userGroup, fields.group);
      if (fields.name !== undefined && !fields.name) throw AppError.badRequest('token.name_required');
      for (const [k, v] of Object.entries(fields)) if (v !== undefined) (patch as Record<string, unknown>)[k] = v;
    }
    if (dto.status !== undefined && (statusOnly || dto.status !== token.status)) {
      if (dto.status !== TokenStatus.Enabled && dto.status !== TokenStatus.Disabled)
        throw AppError.badRequest('token.status_invalid');
      const next = { ...token, ...patch };
      if (dto.status === TokenStatus.Enabled && next.expired_time !== -1 && next.expired_time <= nowSec()) {
        throw AppError.badRequest('token.expired_cannot_enable');
      }
      if (dto.status === TokenStatus.Enabled && !next.unlimited_quota && next.remain_quota <= 0) {
        throw AppError.badRequest('token.exhausted_cannot_enable');
      }
      patch.status = dto.status;
    }
    if (Object.keys(patch).length > 0) await this.repo.update(token.id, patch);
    this.changes.next({ id: token.id, keyHash: token.key_hash });
    return this.view({ ...token, ...patch });
  }

  /** Soft delete: the key stops working at once (the relay cache is told). */
  async deleteOwn(userId: number, id: number): Promise<void> {
    const token = await this.findOwn(userId, id);
    await this.repo.softDelete(token.id, nowSec());
    this.changes.next({ id: token.id, keyHash: token.key_hash });
  }

  /** Relay cache loader: a live token by the keyed hash of its key. */
  findByKeyHash(keyHash: string): Promise<TokenEntity | null> {
    return this.repo.findByKeyHash(keyHash);
  }

  /** The key hash (the relay cache's key) of a user's live token; null when gone. */
  async keyHashOfOwn(userId: number, id: number): Promise<string | null> {
    return (await this.repo.findOwned(userId, id))?.key_hash ?? null;
  }

  /** The relay cache's reads: several live tokens by key hash (deleted ones are absent). */
  findByKeyHashes(hashes: readonly string[]): Promise<TokenEntity[]> {
    return hashes.length === 0 ? Promise.resolve([]) : this.repo.findByKeyHashes(hashes);
  }

  /** As findByKeyHashes, off the event loop on SQLite: the relay cache's periodic refresh. */
  readByKeyHashes(hashes: readonly string[]): Promise<TokenEntity[]> {
    return hashes.length === 0 ? Promise.resolve([]) : this.repo.readByKeyHashes(hashes);
  }

  private async findOwn(userId: number, id: number): Promise<TokenEntity> {
    const token = await this.repo.findOwned(userId, id);
    if (!token) throw AppError.notFound('token.not_found');
    return token;
  }

  private checkGroup(userGroup: string, group: string): void {
    if (!isGroupUsable(userGroup, group, this.options.settings.UserUsableGroups)) {
      throw AppError.forbidden('token.group_not_usable');
    }
  }

  private view(t: TokenEntity): TokenView {
    return toTokenView(t, decryptSecret(this.config.cryptoSecret, t.key));
  }
}
