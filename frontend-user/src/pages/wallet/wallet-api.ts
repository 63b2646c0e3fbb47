/** The wallet's calls (docs/payment.md): balance, redeem, price, order, history. */
import type { Paged, PaymentMethod, TopUpCheckout, TopUpView, UserView } from '@gw/shared';
import { api, toListResult, withQuery, type ListResult } from '@gw/web';

export const selfQuota = async () => (await api.get<UserView>('/api/user/self')).quota;

export const redeem = (key: string) => api.post<{ quota: number; is_gift?: boolean }>('/api/user/topup', { key });

export const payable = (amount: number) => api.post<string>('/api/user/amount', { amount, top_up_code: '' }, { quiet: true });

export const openOrder = (amount: number, method: PaymentMethod) =>
  api.post<TopUpCheckout>('/api/user/pay', { amount, top_up_code: '', payment_method: method });

export async function listTopUps(page: number, pageSize: number): Promise<ListResult<TopUpView>> {
  return toListResult<TopUpView>(await api.get<Paged<TopUpView>>(withQuery('/api/user/topup/self', { p: page - 1, page_size: pageSize })));
}
