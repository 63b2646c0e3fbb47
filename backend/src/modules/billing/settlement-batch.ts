import type { LogRecord } from '../log/log.service';
import type { Settlement, SettlementBatch } from './ledger-types';

const HOUR = 3600;

/**
 * Folds settlements into one batch (pure): sums per token, user, channel and (user, model, hour of
 * the request). A settlement moves `reserved − charged` back to the balance: negative when usage
 * exceeded the reservation.
 */
export function foldSettlements(items: readonly Settlement[], now: number): SettlementBatch {
  const tokens = new Map<number, { id: number; refund: number; used: number }>();
  const users = new Map<number, { id: number; refund: number; used: number; requests: number }>();
  const channels = new Map<number, { id: number; used: number }>();
  const quotaData = new Map<string, SettlementBatch['quotaData'][number]>();
  const logs: LogRecord[] = [];
  for (const s of items) {
    const back = s.reserved - s.charged;
    if (s.tokenId > 0) {
      const t = tokens.get(s.tokenId) ?? { id: s.tokenId, refund: 0, used: 0 };
      t.refund += s.tokenDrawn ? back : 0;
      t.used += s.charged;
      tokens.set(s.tokenId, t);
    }
    const u = users.get(s.userId) ?? { id: s.userId, refund: 0, used: 0, requests: 0 };
    u.refund += back;
    u.used += s.charged;
    u.requests += s.countRequest ? 1 : 0;
    users.set(s.userId, u);
    if (s.channelId > 0 && s.charged > 0) {
      const c = channels.get(s.channelId) ?? { id: s.channelId, used: 0 };
      c.used += s.charged;
      channels.set(s.channelId, c);
    }
    if (s.usage && s.countRequest) {
      const hour = s.usage.at - (s.usage.at % HOUR);
      const key = `${s.userId}\u0000${s.usage.modelName}\u0000${hour}`;
      const q = quotaData.get(key) ?? {
        userId: s.userId,
        username: s.usage.username,
        modelName: s.usage.modelName,
        hour,
        count: 0,
        quota: 0,
        tokens: 0,
      };
      q.count += 1;
      q.quota += s.charged;
      q.tokens += s.usage.tokens;
      quotaData.set(key, q);
    }
    if (s.log) logs.push(s.log);
  }
  const changed = <T extends { refund?: number; used: number; requests?: number }>(r: T) =>
    !!(r.refund || r.used || r.requests);
  return {
    now,
    tokens: [...tokens.values()].filter(changed),
    users: [...users.values()].filter(changed),
    channels: [...channels.values()],
    quotaData: [...quotaData.values()],
    logs,
  };
}
