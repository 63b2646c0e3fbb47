import { ChatAnthropic } from '@langchain/anthropic';
import type { BaseChatModel } from '@langchain/core/language_models/chat_models';
import { AIMessageChunk, HumanMessage } from '@langchain/core/messages';
import { tool } from '@langchain/core/tools';
import { ChatOpenAI } from '@langchain/openai';
import { z } from 'zod';
import { SCRIPTED_OBJECT, SCRIPTED_TEXT, TOOL_RESULT_PREFIX } from '../mock-upstream/scripted-llm-script';
import { FRAMEWORK_CHANNELS, FrameworkWorld } from '../support/framework-world';

/**
 * LangChain JS (ChatOpenAI over /v1/chat/completions, ChatAnthropic over /v1/messages) as a client
 * of the gateway, onto an OpenAI, an Anthropic and a Gemini channel: invoke, stream, a tool round
 * trip with bindTools and withStructuredOutput; each call charged exactly.
 */
const WEATHER_SCHEMA = z.object({ city: z.string(), temperature: z.number() });
const weather = tool(async ({ city }) => JSON.stringify({ city, forecast: 'sunny' }), {
  name: 'get_weather',
  description: 'The weather in a city',
  schema: z.object({ city: z.string() }),
});

type Client = 'ChatOpenAI' | 'ChatAnthropic';

describe('LangChain clients through the gateway', () => {
  let w: FrameworkWorld;
  let chatModel: (client: Client, model: string) => BaseChatModel;

  beforeAll(async () => {
    w = await FrameworkWorld.start('langchain');
    chatModel = (client, model) =>
      client === 'ChatOpenAI'
        ? new ChatOpenAI({
            model,
            apiKey: w.key,
            configuration: { baseURL: `${w.url}/v1`, fetch: w.fetch },
            maxRetries: 0,
          })
        : new ChatAnthropic({
            model,
            apiKey: w.key,
            anthropicApiUrl: w.url,
            clientOptions: { fetch: w.fetch },
            maxRetries: 0,
          });
  });
  afterAll(() => w?.close());
  beforeEach(() => w.begin());

  const PAIRS = FRAMEWORK_CHANNELS.flatMap((channel) =>
    (['ChatOpenAI', 'ChatAnthropic'] as const).map((client) => ({ client, channel })),
  );

  describe.each(PAIRS)('$client onto the $channel.name channel', ({ client, channel: c }) => {
    const model = () => chatModel(client, c.model);

    it('invoke: the text and the usage the upstream reported, exact charge', async () => {
      const res = await model().invoke('hi');
      expect(res.text).toBe(SCRIPTED_TEXT);
      expect(res.usage_metadata).toMatchObject({ input_tokens: c.tokens[0], output_tokens: c.tokens[1] });
      await w.charged(c);
    });

    it('stream: the chunks assemble into the text, exact charge', async () => {
      let all: AIMessageChunk | undefined;
      for await (const chunk of await model().stream('hi')) all = all ? all.concat(chunk) : chunk;
      expect(all?.text).toBe(SCRIPTED_TEXT);
      await w.charged(c);
    });

    it('bindTools: a tool call, the tool result sent back, the answer; two charges', async () => {
      const withTools = model().bindTools!([weather]);
      const question = new HumanMessage('weather in Paris?');
      const call = await withTools.invoke([question]);
      expect(call.tool_calls).toMatchObject([{ name: 'get_weather', args: { city: 'Paris' } }]);
      const result = await weather.invoke(call.tool_calls![0]);
      const answer = await withTools.invoke([question, call, result]);
      expect(answer.text.startsWith(TOOL_RESULT_PREFIX)).toBe(true);
      expect(answer.text).toContain('sunny');
      await w.charged(c, 2);
    });

    it('withStructuredOutput (zod): the typed object, exact charge', async () => {
      const res = await model().withStructuredOutput(WEATHER_SCHEMA).invoke('weather in Paris?');
      expect(res).toEqual(SCRIPTED_OBJECT);
      await w.charged(c);
    });
  });
});
