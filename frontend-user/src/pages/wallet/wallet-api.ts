/** The wallet's calls (docs/payment.md): balance, redeem, price, order, history. */
import type { ApiEnvelope, Paged, PaymentMethod, TopUpCheckout, TopUpView, UserView } from '@gw/shared';
import { api, toListResult, withQuery, type ListResult } from '@gw/web';

export const selfQuota = async () => (await api.get<UserView>('/api/user/self')).quota;

export const redeem = (key: string) => api.post<{ quota: number; is_gift?: boolean }>('/api/user/topup', { key });

export const payable = (amount: number) => api.post<string>('/api/user/amount', { amount, top_up_code: '' }, { quiet: true });

/** The order's checkout: new-api's answer puts the form fields in `data` and the address beside it. */
export async function openOrder(amount: number, method: PaymentMethod): Promise<TopUpCheckout> {
  const res = await api.post<ApiEnvelope<TopUpCheckout['params']> & { url: string }>(
    '/api/user/pay',
    { amount, top_up_code: '', payment_method: method },
    { envelope: true },
  );
  return { url: res.url, params: res.data ?? {} };
}

export async function listTopUps(page: number, pageSize: number): Promise<ListResult<TopUpView>> {
  return toListResult<TopUpView>(await api.get<Paged<TopUpView>>(withQuery('/api/user/topup/self', { p: page - 1, page_size: pageSize })));
}
