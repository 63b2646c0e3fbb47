/** Pure helpers of the redemption page (docs/redemption.md): payloads, status display, allowed actions. */
import { giftExhausted, RedemptionStatus, REDEMPTION_DEFAULTS, renderQuota, type QuotaDisplay, type RedemptionRecord } from '@gw/shared';

/** The drawer's fields; times are epoch milliseconds as the date pickers hold them (undefined = unset). */
export interface RedemptionForm {
  name?: string;
  quota: number;
  count?: number;
  is_gift: boolean;
  max_uses: number;
  valid_from?: number;
  valid_until?: number;
}

export const NEW_REDEMPTION: RedemptionForm = {
  name: '',
  quota: REDEMPTION_DEFAULTS.quota,
  count: REDEMPTION_DEFAULTS.count,
  is_gift: false,
  max_uses: REDEMPTION_DEFAULTS.max_uses,
};

const toSeconds = (ms: number | undefined) => (ms ? Math.floor(ms / 1000) : 0);
const toMs = (seconds: number) => (seconds ? seconds * 1000 : undefined);

/** The POST body: an empty name becomes the quota as the console shows it. */
export function createPayload(form: RedemptionForm, display: QuotaDisplay) {
  const name = form.name?.trim() || renderQuota(form.quota, display);
  return {
    name,
    quota: form.quota,
    count: form.count ?? REDEMPTION_DEFAULTS.count,
    is_gift: form.is_gift,
    max_uses: form.is_gift ? form.max_uses : REDEMPTION_DEFAULTS.max_uses,
    valid_from: toSeconds(form.valid_from),
    valid_until: toSeconds(form.valid_until),
  };
}

/** The PUT body of an edit. */
export function updatePayload(id: number, form: RedemptionForm) {
  return {
    id,
    name: form.name?.trim() ?? '',
    quota: form.quota,
    is_gift: form.is_gift,
    max_uses: form.is_gift ? form.max_uses : 1,
    valid_from: toSeconds(form.valid_from),
    valid_until: toSeconds(form.valid_until),
  };
}

export function formOf(row: RedemptionRecord): RedemptionForm {
  return {
    name: row.name,
    quota: row.quota,
    is_gift: row.is_gift,
    max_uses: row.is_gift ? row.max_uses : REDEMPTION_DEFAULTS.max_uses,
    valid_from: toMs(row.valid_from),
    valid_until: toMs(row.valid_until),
  };
}

/** The local check before saving: both times set means from < until. */
export function windowProblem(form: Pick<RedemptionForm, 'valid_from' | 'valid_until'>): string | null {
  return form.valid_from && form.valid_until && form.valid_from >= form.valid_until ? 'redemption.valid_range' : null;
}

/** Status label key and colour; an exhausted gift code is shown greyed. */
export function statusOf(row: RedemptionRecord): { key: string; color: string; greyed: boolean } {
  const greyed = giftExhausted(row);
  if (row.status === RedemptionStatus.Unused) return { key: greyed ? 'redemption.status_exhausted' : 'redemption.status_unused', color: greyed ? 'gray' : 'green', greyed };
  if (row.status === RedemptionStatus.Disabled) return { key: 'redemption.status_disabled', color: 'red', greyed };
  if (row.status === RedemptionStatus.Used) return { key: 'redemption.status_used', color: 'gray', greyed };
  return { key: 'common.unknown', color: 'gray', greyed };
}

/** Edit only while unused; enable only from disabled (never for used codes); disable only while unused. */
export function rowActions(row: Pick<RedemptionRecord, 'status'>) {
  return {
    edit: row.status === RedemptionStatus.Unused,
    enable: row.status === RedemptionStatus.Disabled,
    disable: row.status === RedemptionStatus.Unused,
  };
}
