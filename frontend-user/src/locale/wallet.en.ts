import type { DictOf } from '@gw/web';
import type { walletZh } from './wallet.zh';

export const walletEn: DictOf<typeof walletZh> = {
  wallet: {
    title: 'My wallet',
    balance: 'Balance',
    redeem: 'Redeem a code',
    code_placeholder: 'Enter the redemption code',
    code_required: 'Please enter the redemption code!',
    redeem_submit: 'Redeem',
    redeemed: 'Redeemed: {{quota}} added',
    buy_code: 'Get a code',
    no_topup_link: 'The super administrator has not set a top-up link!',
    online: 'Online top-up',
    amount_placeholder: 'Amount, at least {{min}}',
    amount_below_min: 'The amount cannot be less than {{min}}',
    payable: 'To pay',
    alipay: 'Alipay',
    wechat: 'WeChat Pay',
    online_disabled: 'The administrator has not enabled online top-up!',
    pay_failed: 'Payment request failed',
    col_trade_no: 'Order',
    col_amount: 'Amount',
    col_money: 'Paid',
    col_method: 'Method',
    col_status: 'Status',
    col_created: 'Created',
    status_success: 'Paid',
    status_pending: 'Pending',
  },
};
