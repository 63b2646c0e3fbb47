import { foldSettlements } from './settlement-batch';

describe('foldSettlements', () => {
  it('sums per token, user, channel and hour', () => {
    const base = {
      tokenId: 1,
      userId: 7,
      channelId: 3,
      countRequest: true,
      usage: { username: 'u', modelName: 'm', tokens: 10 },
    };
    const b = foldSettlements(
      [
        { ...base, tokenRefund: 5, userRefund: 5, charged: 20 },
        { ...base, tokenRefund: 0, userRefund: 0, charged: 30 },
        { ...base, tokenId: 0, tokenRefund: 0, userRefund: 50, charged: 0, countRequest: false, channelId: 0 },
      ],
      7201,
    );
    expect(b.tokens).toEqual([{ id: 1, refund: 5, used: 50 }]);
    expect(b.users).toEqual([{ id: 7, refund: 55, used: 50, requests: 2 }]);
    expect(b.channels).toEqual([{ id: 3, used: 50 }]);
    expect(b.quotaData).toEqual([
      { userId: 7, username: 'u', modelName: 'm', hour: 7200, count: 2, quota: 50, tokens: 20 },
    ]);
  });
});
