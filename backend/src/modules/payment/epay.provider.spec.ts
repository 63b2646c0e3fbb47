import { buildSettings } from '@gw/shared';
import { epaySign, EpayProvider } from './epay.provider';

describe('Epay provider', () => {
  const s = { ...buildSettings({}), PayAddress: 'https://pay.example.com/', EpayId: '1001', EpayKey: 'k' };
  const epay = new EpayProvider();

  it('signs the sorted non-empty parameters except sign and sign_type, key appended (MD5)', () => {
    // md5("a=1&b=2k")
    expect(epaySign({ b: '2', a: '1', c: '', sign: 'x', sign_type: 'MD5' }, 'k')).toBe('af97cb1e07cd9f9f1279e0bae215015d');
  });

  it('builds a signed form for submit.php and verifies a genuine notification', () => {
    const form = epay.checkout({ tradeNo: 'T1', amount: 10, money: 73, method: 'zfb' }, { notifyUrl: 'https://s/n', returnUrl: 'https://s/r' }, s);
    expect(form.url).toBe('https://pay.example.com/submit.php');
    expect(form.params).toMatchObject({ pid: '1001', type: 'alipay', money: '73.00', name: 'TUC10', sign_type: 'MD5' });
    const notify: Record<string, string> = { pid: '1001', trade_no: 'E1', out_trade_no: 'T1', money: '73.00', trade_status: 'TRADE_SUCCESS' };
    notify.sign = epaySign(notify, 'k');
    expect(epay.verifyCallback(notify, s)).toEqual({ ok: true, tradeNo: 'T1', money: '73.00', providerTradeNo: 'E1' });
    expect(epay.verifyCallback({ ...notify, money: '1.00' }, s).ok).toBe(false);
    expect(epay.verifyCallback({ ...notify, sign: epaySign({ ...notify, pid: '2' }, 'k'), pid: '2' }, s).ok).toBe(false);
  });
});
