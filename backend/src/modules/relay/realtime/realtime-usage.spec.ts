import { tokenQuota } from '@gw/shared';
import { realtimeLogOther, realtimeUsageReport } from './realtime-usage';

describe('realtime usage', () => {
  const done = {
    type: 'response.done',
    response: {
      id: 'resp_1',
      usage: {
        input_tokens: 150,
        output_tokens: 50,
        input_token_details: { text_tokens: 100, audio_tokens: 50, cached_tokens: 20 },
        output_token_details: { text_tokens: 20, audio_tokens: 30 },
      },
    },
  };

  it('reads response.done usage as the relay report', () => {
    expect(realtimeUsageReport(done)).toEqual({
      promptTokens: 150,
      completionTokens: 50,
      cachedTokens: 20,
      audioInputTokens: 50,
      audioOutputTokens: 30,
      malformed: false,
    });
    expect(realtimeUsageReport({ type: 'response.done', response: { id: 'x' } })).toBeNull();
    expect(realtimeUsageReport({ response: { usage: { input_tokens: '3', output_tokens: 1 } } })?.malformed).toBe(true);
  });

  it('prices audio with AudioRatio and AudioCompletionRatio', () => {
    const r = realtimeUsageReport(done)!;
    // 2 × (80 text + 20 cached × 0.5 + 50 audio × 8 + 20 × 4 + 30 × 8 × 2)
    expect(
      tokenQuota(r, {
        modelRatio: 2,
        completionRatio: 4,
        groupRatio: 1,
        cacheRatio: 0.5,
        audioRatio: 8,
        audioCompletionRatio: 2,
      }),
    ).toBe(2 * (80 + 10 + 400 + 80 + 480));
  });

  it('names the audio and text parts for the log', () => {
    const usage = {
      promptTokens: 150,
      completionTokens: 50,
      cachedTokens: 0,
      cacheCreationTokens: 0,
      audioInputTokens: 50,
      audioOutputTokens: 30,
    };
    expect(realtimeLogOther(usage, { audioRatio: 8, audioCompletionRatio: 2 })).toEqual({
      ws: true,
      audio: true,
      audio_input: 50,
      audio_output: 30,
      text_input: 100,
      text_output: 20,
      audio_ratio: 8,
      audio_completion_ratio: 2,
    });
  });
});
