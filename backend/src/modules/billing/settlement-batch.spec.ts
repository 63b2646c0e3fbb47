import { foldSettlements } from './settlement-batch';

describe('foldSettlements', () => {
  const base = {
    requestId: 'r',
    tokenId: 1,
    tokenDrawn: true,
    userId: 7,
    channelId: 3,
    countRequest: true,
    usage: { username: 'u', modelName: 'm', tokens: 10, at: 7201 },
  };

  it('sums per token, user, channel and request hour; overage moves the balance down', () => {
    const b = foldSettlements(
      [
        { ...base, reserved: 25, charged: 20 },
        // Usage above the reservation: the 30 − 10 overage is taken.
        { ...base, reserved: 10, charged: 30 },
        { ...base, tokenId: 0, reserved: 50, charged: 0, countRequest: false, channelId: 0 },
      ],
      99_999,
    );
    expect(b.tokens).toEqual([{ id: 1, refund: -15, used: 50 }]);
    expect(b.users).toEqual([{ id: 7, refund: 35, used: 50, requests: 2 }]);
    expect(b.channels).toEqual([{ id: 3, used: 50 }]);
    expect(b.quotaData).toEqual([
      { userId: 7, username: 'u', modelName: 'm', hour: 7200, count: 2, quota: 50, tokens: 20 },
    ]);
  });

  it('leaves an unlimited token balance alone and buckets by the hour the request arrived', () => {
    const b = foldSettlements(
      [
        { ...base, tokenDrawn: false, reserved: 0, charged: 9 },
        { ...base, tokenDrawn: false, reserved: 0, charged: 1, usage: { ...base.usage, at: 3599 } },
      ],
      7300,
    );
    expect(b.tokens).toEqual([{ id: 1, refund: 0, used: 10 }]);
    expect(b.quotaData.map((q) => q.hour).sort()).toEqual([0, 7200]);
  });
});
