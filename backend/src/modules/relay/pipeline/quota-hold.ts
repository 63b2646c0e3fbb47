import type { QuotaLedger } from '../../billing/quota-ledger.service';
import type { RelayDirectory } from '../cache/relay-directory.service';
import { RelayError } from '../http/relay-error';
import type { RelayCaller } from './relay-caller';

/**
 * A reservation held for one request, response or task (its durable row in the ledger, docs/ledger.md),
 * shared by the HTTP relay, the Realtime relay and the task relays.
 */
export interface Hold {
  readonly requestId: string;
  readonly amount: number;
  readonly tokenId: number;
  /** Whether the token's remain_quota was drawn too (false: unlimited token or playground). */
  readonly tokenDrawn: boolean;
}

/** A reservation the ledger refused: the token's own remain_quota ran short, or the user's quota. */
export function reservationRefused(caller: RelayCaller, tokenDrawn: boolean, amount: number): RelayError {
  const tokenShort = tokenDrawn && (caller.token?.remainQuota ?? 0) < Math.max(1, amount);
  return RelayError.quotaExhausted(tokenShort ? 'relay.token_exhausted' : 'relay.user_quota_exhausted');
}

/** Nothing was delivered: the whole reservation goes back (no log row, the request does not count). */
export async function releaseHold(
  ledger: QuotaLedger,
  directory: RelayDirectory,
  caller: RelayCaller,
  hold: Hold,
): Promise<void> {
  await ledger.settle({
    requestId: hold.requestId,
    userId: caller.user.id,
    tokenId: hold.tokenId,
    tokenDrawn: hold.tokenDrawn,
    reserved: hold.amount,
    charged: 0,
    countRequest: false,
    channelId: 0,
  });
  directory.moveQuota(caller, hold.tokenDrawn, hold.amount);
}
