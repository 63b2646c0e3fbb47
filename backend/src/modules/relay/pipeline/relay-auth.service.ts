import { Inject, Injectable } from '@nestjs/common';
import { Role, TokenStatus, UserStatus } from '@gw/shared';
import { APP_CONFIG, type AppConfig } from '../../../config/env';
import { parseApiKey, keyHashOf } from '../../token/token-key';
import { ipAllowed } from '../cache/ip-allow';
import { RelayDirectory } from '../cache/relay-directory.service';
import type { CachedUser } from '../cache/relay-records';
import { RelayError } from '../http/relay-error';
import type { RelayCaller } from './relay-caller';

const nowSec = () => Math.floor(Date.now() / 1000);
/** Bound of the key → keyed-hash memo (cleared when full). */
const HASH_MEMO_SIZE = 10_000;

/**
 * API-key authentication from memory: keyed hash → cached token → cached user. A key seen for the
 * first time costs one database read; after that, none.
 */
@Injectable()
export class RelayAuthService {
  /** Saves an HMAC per request for keys in use. */
  private readonly hashMemo = new Map<string, string>();

  constructor(
    private readonly directory: RelayDirectory,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async authenticate(authorization: string | undefined, ip: string): Promise<RelayCaller> {
    if (!authorization) throw RelayError.unauthenticated('relay.missing_key');
    const parsed = parseApiKey(authorization);
    if (!parsed) throw RelayError.unauthenticated('relay.invalid_key');
    const hash = this.hashOf(parsed.body);
    const token = this.directory.tokens.peek(hash) ?? (await this.directory.tokens.get(hash));
    if (!token) throw RelayError.unauthenticated('relay.invalid_key');

    if (token.status === TokenStatus.Expired || (token.expiredTime !== -1 && token.expiredTime <= nowSec())) {
      throw RelayError.denied('relay.token_expired', 'token_expired');
    }
    if (token.status === TokenStatus.Exhausted || (!token.unlimited && token.remainQuota <= 0)) {
      throw RelayError.quotaExhausted('relay.token_exhausted');
    }
    if (token.status !== TokenStatus.Enabled) throw RelayError.denied('relay.token_disabled', 'token_disabled');
    if (!ipAllowed(token.allowIps, ip)) throw RelayError.denied('relay.ip_not_allowed', 'ip_not_allowed');

    const user = await this.activeUser(token.userId);
    if (parsed.pinnedChannelId !== undefined && user.role < Role.Admin)
      throw RelayError.denied('relay.pin_forbidden', 'channel_pin_forbidden');
    return {
      user,
      token,
      tokenHash: hash,
      group: token.group || user.group,
      pinnedChannelId: parsed.pinnedChannelId ?? null,
      ip,
    };
  }

  /** The console playground: the signed-in user, billed without a token. */
  async sessionCaller(userId: number, group: string | undefined, ip: string): Promise<RelayCaller> {
    const user = await this.activeUser(userId);
    return { user, token: null, tokenHash: null, group: group || user.group, pinnedChannelId: null, ip };
  }

  private hashOf(body: string): string {
    let hash = this.hashMemo.get(body);
    if (hash === undefined) {
      if (this.hashMemo.size >= HASH_MEMO_SIZE) this.hashMemo.clear();
      hash = keyHashOf(this.config.cryptoSecret, body);
      this.hashMemo.set(body, hash);
    }
    return hash;
  }

  private async activeUser(id: number): Promise<CachedUser> {
    const user = this.directory.users.peek(id) ?? (await this.directory.users.get(id));
    if (!user || user.deleted || user.status !== UserStatus.Enabled)
      throw RelayError.denied('relay.user_banned', 'user_banned');
    return user;
  }
}
