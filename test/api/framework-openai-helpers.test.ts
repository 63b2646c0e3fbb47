import OpenAI from 'openai';
import { zodFunction, zodResponseFormat } from 'openai/helpers/zod';
import { z } from 'zod';
import { SCRIPTED_OBJECT, SCRIPTED_TEXT, TOOL_RESULT_PREFIX } from '../mock-upstream/scripted-llm-script';
import { FRAMEWORK_CHANNELS, FrameworkWorld } from '../support/framework-world';

/**
 * The openai SDK's helpers (chat.completions.parse with zodResponseFormat, chat.completions.stream,
 * runTools looping tool calls) through the gateway onto an OpenAI, an Anthropic and a Gemini channel;
 * each call charged exactly.
 */
const WEATHER_SCHEMA = z.object({ city: z.string(), temperature: z.number() });

describe('openai SDK helpers through the gateway', () => {
  let w: FrameworkWorld;
  let client: OpenAI;

  beforeAll(async () => {
    w = await FrameworkWorld.start('oahelpers');
    client = new OpenAI({ apiKey: w.key, baseURL: `${w.url}/v1`, fetch: w.fetch, maxRetries: 0 });
  });
  afterAll(() => w?.close());
  beforeEach(() => w.begin());

  describe.each(FRAMEWORK_CHANNELS)('onto the $name channel', (c) => {
    const messages: OpenAI.Chat.ChatCompletionMessageParam[] = [{ role: 'user', content: 'weather in Paris?' }];

    it('chat.completions.parse with zodResponseFormat: the parsed object, exact charge', async () => {
      const res = await client.chat.completions.parse({
        model: c.model,
        messages,
        response_format: zodResponseFormat(WEATHER_SCHEMA, 'weather'),
      });
      expect(res.choices[0].message.parsed).toEqual(SCRIPTED_OBJECT);
      await w.charged(c);
    });

    it('chat.completions.stream: the final completion with the text and usage, exact charge', async () => {
      const stream = client.chat.completions.stream({
        model: c.model,
        messages: [{ role: 'user', content: 'hi' }],
        stream_options: { include_usage: true },
      });
      const deltas: string[] = [];
      stream.on('content', (d) => deltas.push(d));
      const done = await stream.finalChatCompletion();
      expect(done.choices[0].message.content).toBe(SCRIPTED_TEXT);
      expect(deltas.join('')).toBe(SCRIPTED_TEXT);
      expect(done.usage).toMatchObject({ prompt_tokens: c.tokens[0], completion_tokens: c.tokens[1] });
      await w.charged(c);
    });

    it.each([false, true])(
      'runTools (stream %s): the call, the local result, the final text; two charges',
      async (stream) => {
        const calls: unknown[] = [];
        const getWeather = zodFunction({
          name: 'get_weather',
          parameters: z.object({ city: z.string() }),
          function: (args) => {
            calls.push(args);
            return { city: args.city, forecast: 'sunny' };
          },
        });
        const body = { model: c.model, messages, tools: [getWeather] };
        const runner = stream
          ? client.chat.completions.runTools({ ...body, stream: true })
          : client.chat.completions.runTools(body);
        const text = await runner.finalContent();
        expect(calls).toEqual([{ city: 'Paris' }]);
        expect(text?.startsWith(TOOL_RESULT_PREFIX)).toBe(true);
        expect(text).toContain('sunny');
        await w.charged(c, 2);
      },
    );
  });
});
