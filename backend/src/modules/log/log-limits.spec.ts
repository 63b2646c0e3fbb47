import { LogType } from '@gw/shared';
import { cutBytes, cutChars, fitLogRecord, TEXT_MAX_BYTES } from './log-limits';

describe('fitLogRecord', () => {
  it('cuts every VARCHAR to its column length, in characters', () => {
    const r = fitLogRecord({
      type: LogType.Consume,
      user_id: 1,
      group: 'g'.repeat(100),
      username: '名'.repeat(70),
      token_name: 't'.repeat(64),
      model_name: 'm'.repeat(300),
      channel_name: 'c'.repeat(200),
      ip: '1'.repeat(65),
    });
    expect(r.group).toBe('g'.repeat(64));
    expect(r.username).toBe('名'.repeat(64));
    expect(r.token_name).toBe('t'.repeat(64));
    expect(r.model_name).toHaveLength(191);
    expect(r.channel_name).toHaveLength(128);
    expect(r.ip).toHaveLength(64);
  });

  it('never splits a character outside the BMP', () => {
    const r = fitLogRecord({ type: LogType.Consume, user_id: 1, group: 'a' + '😀'.repeat(70) });
    expect([...r.group!]).toHaveLength(64);
    expect(r.group!.endsWith('😀')).toBe(true);
  });

  it('cuts TEXT to 65,535 UTF-8 bytes and keeps null', () => {
    const r = fitLogRecord({ type: LogType.Consume, user_id: 1, content: '€'.repeat(30_000), other: null });
    expect(Buffer.byteLength(r.content!)).toBeLessThanOrEqual(TEXT_MAX_BYTES);
    expect(Buffer.byteLength(r.content!)).toBeGreaterThan(TEXT_MAX_BYTES - 3);
    expect(r.content!.endsWith('€')).toBe(true);
    expect(r.other).toBeNull();
  });

  it('turns null strings into the column default and clamps integers to their range', () => {
    const r = fitLogRecord({
      type: LogType.Consume,
      user_id: 1,
      username: null as unknown as string,
      prompt_tokens: 2 ** 40,
      completion_tokens: -(2 ** 40),
      use_time: Number.NaN,
      quota: Number.POSITIVE_INFINITY,
      channel_id: 3.7,
    });
    expect(r).toMatchObject({
      username: '',
      prompt_tokens: 2 ** 31 - 1,
      completion_tokens: -(2 ** 31),
      use_time: 0,
      quota: 0,
      channel_id: 3,
    });
  });

  it('leaves a row that fits as it was, and absent fields absent', () => {
    const row = {
      type: LogType.Manage,
      user_id: 5,
      username: 'alice',
      quota: 10,
      content: 'x',
      created_at: 1_700_000_000,
    };
    expect(fitLogRecord(row)).toEqual(row);
    expect(Object.keys(fitLogRecord({ type: 1, user_id: 1 })).sort()).toEqual(['type', 'user_id']);
  });
});

describe('cutChars / cutBytes', () => {
  it('cut at character boundaries', () => {
    expect(cutChars('abc', 2)).toBe('ab');
    expect(cutChars('😀😀', 1)).toBe('😀');
    expect(cutBytes('a€', 3)).toBe('a');
    expect(cutBytes('a€', 4)).toBe('a€');
    expect(cutBytes('😀', 3)).toBe('');
  });
});
