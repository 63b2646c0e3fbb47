import type { BalanceQuery } from '../provider';

/**
 * Providers that report a key's remaining balance (one-api / new-api "update balance"): per channel
 * type, the GET paths to query (relative to the channel's base URL, Bearer key; every one of these
 * speaks the OpenAI wire format) and a pure reader of their JSON answers, in order. The amount is in
 * the provider's currency (USD for OpenAI and OpenRouter; CNY for SiliconFlow, DeepSeek and Moonshot's
 * api.moonshot.cn), stored as the provider reports it.
 */

type Obj = Record<string, unknown>;
const obj = (v: unknown): Obj => (v && typeof v === 'object' ? (v as Obj) : {});
/** Numbers may arrive as strings ("42.50"); anything else is NaN. */
const num = (v: unknown): number => (typeof v === 'number' ? v : typeof v === 'string' && v.trim() ? Number(v) : NaN);
const day = (d: Date): string => d.toISOString().slice(0, 10);

export const BALANCE_QUERIES: Readonly<Record<number, BalanceQuery>> = {
  // OpenAI (and compatible resellers): subscription hard limit minus this month's usage (in cents).
  1: {
    paths: (now) => {
      const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
      const end = new Date(now.getTime() + 86_400_000);
      return [
        '/v1/dashboard/billing/subscription',
        `/v1/dashboard/billing/usage?start_date=${day(start)}&end_date=${day(end)}`,
      ];
    },
    read: ([sub, usage]) => num(obj(sub).hard_limit_usd) - num(obj(usage).total_usage) / 100,
  },
  // OpenRouter: credits bought minus credits used.
  20: {
    paths: () => ['/v1/credits'],
    read: ([a]) => {
      const d = obj(obj(a).data);
      return num(d.total_credits) - num(d.total_usage);
    },
  },
  // Moonshot: GET /v1/users/me/balance → data.available_balance (cash plus voucher).
  25: {
    paths: () => ['/v1/users/me/balance'],
    read: ([a]) => num(obj(obj(a).data).available_balance),
  },
  // SiliconFlow: GET /v1/user/info → data.totalBalance.
  40: {
    paths: () => ['/v1/user/info'],
    read: ([a]) => {
      const d = obj(obj(a).data);
      return num(d.totalBalance ?? d.balance);
    },
  },
  // DeepSeek: GET /user/balance → balance_infos[0].total_balance.
  43: {
    paths: () => ['/user/balance'],
    read: ([a]) => {
      const infos = obj(a).balance_infos;
      return num(Array.isArray(infos) ? obj(infos[0]).total_balance : undefined);
    },
  },
};
