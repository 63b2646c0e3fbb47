import type OpenAI from 'openai';
import type { Ledger } from './ledger';

/** One channel under test: the model routed to it, the usage its mock reports and the expected charge. */
export interface ChatCase {
  readonly name: string;
  readonly model: string;
  readonly tokens: readonly number[];
  readonly quota: number;
  readonly text: string;
}

export const WEATHER_TOOLS: OpenAI.Chat.Completions.ChatCompletionTool[] = [
  {
    type: 'function',
    function: { name: 'get_weather', parameters: { type: 'object', properties: { city: { type: 'string' } } } },
  },
];

/** The openai client's three journeys per channel: plain chat, streamed chat, tool call; each billed exactly. */
export function describeOpenAIChat(cases: readonly ChatCase[], ctx: () => { client: OpenAI; ledger: Ledger }): void {
  describe.each(cases)('$name channel', (c) => {
    it('plain chat: converted answer, usage and exact charge', async () => {
      const { client, ledger } = ctx();
      const res = await client.chat.completions.create({ model: c.model, messages: [{ role: 'user', content: 'hi' }] });
      expect(res.choices[0].message.content).toBe(c.text);
      expect(res.choices[0].finish_reason).toBe('stop');
      expect(res.usage).toMatchObject({ prompt_tokens: c.tokens[0], completion_tokens: c.tokens[1] });
      await ledger.charged(c);
    });

    it('streamed chat: OpenAI chunks, usage chunk on request, exact charge', async () => {
      const { client, ledger } = ctx();
      const stream = await client.chat.completions.create({
        model: c.model,
        messages: [{ role: 'user', content: 'hi' }],
        stream: true,
        stream_options: { include_usage: true },
      });
      let text = '';
      let usage: OpenAI.CompletionUsage | undefined;
      let finish: string | null = null;
      for await (const chunk of stream) {
        text += chunk.choices[0]?.delta?.content ?? '';
        finish = chunk.choices[0]?.finish_reason ?? finish;
        if (chunk.usage) usage = chunk.usage;
      }
      expect(text).toBe(c.text);
      expect(finish).toBe('stop');
      expect(usage).toMatchObject({ prompt_tokens: c.tokens[0], completion_tokens: c.tokens[1] });
      await ledger.charged(c);
    });

    it('tool call: plain and streamed, each charged exactly', async () => {
      const { client, ledger } = ctx();
      const messages: OpenAI.Chat.Completions.ChatCompletionMessageParam[] = [
        { role: 'user', content: 'weather in Paris?' },
      ];
      const res = await client.chat.completions.create({ model: c.model, messages, tools: WEATHER_TOOLS });
      const call = res.choices[0].message.tool_calls?.[0];
      expect(res.choices[0].finish_reason).toBe('tool_calls');
      expect(call?.type === 'function' && call.function.name).toBe('get_weather');
      expect(call?.type === 'function' && JSON.parse(call.function.arguments)).toEqual({ city: 'Paris' });
      await ledger.charged(c);

      const stream = await client.chat.completions.create({
        model: c.model,
        messages,
        tools: WEATHER_TOOLS,
        stream: true,
      });
      let name = '';
      let args = '';
      let finish: string | null = null;
      for await (const chunk of stream) {
        finish = chunk.choices[0]?.finish_reason ?? finish;
        for (const d of chunk.choices[0]?.delta?.tool_calls ?? []) {
          name += d.function?.name ?? '';
          args += d.function?.arguments ?? '';
        }
      }
      expect(name).toBe('get_weather');
      expect(JSON.parse(args)).toEqual({ city: 'Paris' });
      expect(finish).toBe('tool_calls');
      await ledger.charged(c);
    });
  });
}
