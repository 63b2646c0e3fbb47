import type { RelayMode, SseEvent, StreamConverter, StreamStep } from '../provider';
import { errorInAnswer } from '../shared/bad-answer';
import { chunkText, chunkUsage, isObj } from '../shared/openai-usage';

/**
 * OpenAI streams pass through event by event, untouched, except the usage-only chunk we asked for
 * (stream_options.include_usage), which is dropped when the client did not ask for it itself. A chunk
 * carrying `error` instead of choices is the upstream's error: reported as the step's `error`.
 */
export function openAIStreamConverter(_mode: RelayMode, clientWantsUsage: boolean): StreamConverter {
  return {
    onEvent(ev: SseEvent): StreamStep {
      const out = `${ev.raw}\n\n`;
      if (ev.data === null || ev.data === '[DONE]' || ev.data.charCodeAt(0) !== 123 /* { */) return { out };
      let obj: unknown;
      try {
        obj = JSON.parse(ev.data);
      } catch {
        return { out };
      }
      if (!isObj(obj)) return { out };
      const error = errorInAnswer(obj);
      if (error) return { out: null, error };
      const usage = chunkUsage(obj) ?? undefined;
      const usageOnly = usage !== undefined && Array.isArray(obj.choices) && obj.choices.length === 0;
      if (usageOnly && !clientWantsUsage) return { out: null, usage };
      const text = chunkText(obj);
      return { out, usage, text: text || undefined };
    },
    finish: () => null,
  };
}
