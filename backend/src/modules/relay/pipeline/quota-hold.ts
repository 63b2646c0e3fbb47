import type { QuotaLedger } from '../../billing/quota-ledger.service';
import type { LogRecord } from '../../log/log.service';
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

/** What a delivered request or response is charged, with what its log row and the usage statistics say. */
export interface Charge {
  readonly charged: number;
  readonly channelId: number;
  /** The consumption log row; absent when LogConsumeEnabled is off. */
  readonly log?: LogRecord;
  readonly model: string;
  readonly tokens: number;
  /** The request's arrival (epoch seconds): its hour in the usage statistics. */
  readonly at: number;
}

/**
 * Something was delivered: the hold is settled to `charge.charged` in full (above the reservation too)
 * and the caller's cached balances follow. False when the settlement waits in the ledger's queue until
 * the database is back (it is durable in the reservation row meanwhile).
 */
export async function chargeHold(
  ledger: QuotaLedger,
  directory: RelayDirectory,
  caller: RelayCaller,
  hold: Hold,
  charge: Charge,
): Promise<boolean> {
  const committed = await ledger.settle({
    requestId: hold.requestId,
    userId: caller.user.id,
    tokenId: hold.tokenId,
    tokenDrawn: hold.tokenDrawn,
    reserved: hold.amount,
    charged: charge.charged,
    countRequest: true,
    channelId: charge.channelId,
    log: charge.log,
    usage: { username: caller.user.username, modelName: charge.model, tokens: charge.tokens, at: charge.at },
  });
  directory.moveQuota(caller, hold.tokenDrawn, hold.amount - charge.charged);
  return committed;
}
