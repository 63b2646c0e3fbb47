import { realtimeCall } from './realtime-call';

describe('realtime upstream call', () => {
  const base = { key: 'k', model: 'gpt-4o-realtime-preview', other: '', beta: false };

  it('OpenAI: {base}/v1/realtime?model= over wss with Bearer, the beta header when asked', () => {
    expect(realtimeCall({ ...base, channelType: 1, baseUrl: 'https://api.openai.com/' })).toEqual({
      url: 'wss://api.openai.com/v1/realtime?model=gpt-4o-realtime-preview',
      headers: { authorization: 'Bearer k' },
    });
    expect(realtimeCall({ ...base, channelType: 1, baseUrl: 'http://127.0.0.1:9', beta: true })).toEqual({
      url: 'ws://127.0.0.1:9/v1/realtime?model=gpt-4o-realtime-preview',
      headers: { authorization: 'Bearer k', 'openai-beta': 'realtime=v1' },
    });
  });

  it('Azure: the deployment endpoint with api-version (channel other, else the preview default) and api-key', () => {
    expect(
      realtimeCall({
        ...base,
        channelType: 3,
        baseUrl: 'https://r.openai.azure.com',
        model: 'gpt-4o-mini-realtime-preview',
      }),
    ).toEqual({
      url: 'wss://r.openai.azure.com/openai/realtime?api-version=2025-04-01-preview&deployment=gpt-4o-mini-realtime-preview',
      headers: { 'api-key': 'k' },
    });
    expect(
      realtimeCall({
        ...base,
        channelType: 3,
        baseUrl: 'https://r.openai.azure.com',
        model: 'gpt-4.1',
        other: '2024-10-01-preview',
      })?.url,
    ).toBe('wss://r.openai.azure.com/openai/realtime?api-version=2024-10-01-preview&deployment=gpt-41');
    expect(
      realtimeCall({
        ...base,
        channelType: 3,
        baseUrl: 'https://r.openai.azure.com',
        model: 'gpt-realtime',
        other: 'v1',
      })?.url,
    ).toBe('wss://r.openai.azure.com/openai/v1/realtime?model=gpt-realtime');
  });

  it('other channel types have no Realtime endpoint', () => {
    expect(realtimeCall({ ...base, channelType: 14, baseUrl: 'https://api.anthropic.com' })).toBeNull();
  });
});
