import { LogType } from '@gw/shared';
import type { Reservation, ReservationMeta, Settlement } from './ledger-types';

function metaOf(r: Reservation): Partial<ReservationMeta> {
  try {
    const m = JSON.parse(r.meta) as unknown;
    return m && typeof m === 'object' ? (m as Partial<ReservationMeta>) : {};
  } catch {
    return {};
  }
}

/**
 * Pure: how a reservation left open by a crash is closed. The request may have reached the
 * upstream, so the prompt part of the reservation is charged and the rest given back; the log row
 * says so (`other.interrupted`) and carries the request id, so a later settlement of the same
 * request finds the reservation gone and is skipped.
 */
export function interruptedSettlement(r: Reservation): Settlement {
  const m = metaOf(r);
  const charged = Math.max(0, Math.min(r.promptQuota, r.amount));
  const text = (v: unknown) => (typeof v === 'string' ? v : '');
  return {
    requestId: r.requestId,
    userId: r.userId,
    tokenId: r.tokenId,
    tokenDrawn: r.tokenDrawn,
    reserved: r.amount,
    charged,
    countRequest: true,
    channelId: 0,
    usage: { username: text(m.username), modelName: text(m.model), tokens: 0, at: r.createdAt },
    log: {
      type: LogType.Consume,
      created_at: r.createdAt,
      user_id: r.userId,
      username: text(m.username),
      token_id: r.tokenId,
      token_name: text(m.tokenName),
      model_name: text(m.model),
      quota: charged,
      is_stream: m.stream === true,
      group: text(m.group),
      ip: text(m.ip),
      content: '',
      request_id: r.requestId,
      other: JSON.stringify({
        interrupted: true,
        reserved: r.amount,
        request_path: text(m.path),
        group: text(m.group),
      }),
    },
  };
}
