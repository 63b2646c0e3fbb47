import type { DictOf } from '@gw/web';
import type { detailZh } from './detail.zh';

export const detailEn: DictOf<typeof detailZh> = {
  detail: {
    title: 'Dashboard',
    by_hour: 'By hour',
    by_day: 'By day',
    by_week: 'By week',
    username_everyone: 'Username (empty: everyone)',
    query: 'Query',
    refresh: 'Refresh',
    balance: 'Balance',
    used: 'Used in total',
    requests: 'Requests',
    range_quota: 'Quota in range',
    range_tokens: 'Tokens in range',
    range_count: 'Requests in range',
    rpm: 'RPM (last minute)',
    tpm: 'TPM (last minute)',
    chart_quota: 'Quota by model',
    chart_tokens: 'Tokens by model',
    chart_count: 'Requests by model',
    chart_share: 'Model share of requests',
    no_data: 'No data in the chosen range',
  },
};
