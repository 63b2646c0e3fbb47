/**
 * An Anthropic Messages upstream whose next answers the test scripts: the usage of a whole message
 * (cache writes and reads included), or a stream of events that may be cut (socket destroyed) before
 * `message_delta` / `message_stop`, as a Claude stream dropped mid-answer is.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { HttpMock, type MockRequest } from './http-mock';
import { anthropicMessage, json, type AnthropicEvent } from './native-mock';

export interface AnthropicScript {
  /** Whole answers: the `usage` object reported. */
  usage?: Record<string, number>;
  /** Streams: the events sent, in order. */
  events?: AnthropicEvent[];
  /** Streams: destroy the connection after the events instead of ending the response. */
  cut?: boolean;
}

/** message_start (input tokens, output 1 as Claude reports it), then `n` text deltas of `text`. */
export function claudeDeltas(model: string, n: number, text: string, inputTokens = 10): AnthropicEvent[] {
  return [
    {
      type: 'message_start',
      message: {
        id: 'msg_cut',
        type: 'message',
        role: 'assistant',
        model,
        content: [],
        usage: { input_tokens: inputTokens, output_tokens: 1 },
      },
    },
    { type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } },
    ...Array.from({ length: n }, () => ({
      type: 'content_block_delta',
      index: 0,
      delta: { type: 'text_delta', text },
    })),
  ];
}

export class AnthropicScriptMock extends HttpMock {
  script: AnthropicScript = {};

  protected async answer(req: IncomingMessage, res: ServerResponse, { body }: MockRequest): Promise<void> {
    if (!body?.stream) {
      const message = anthropicMessage(body) as Record<string, unknown>;
      return json(res, this.script.usage ? { ...message, usage: this.script.usage } : message);
    }
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    for (const e of this.script.events ?? []) {
      res.write(`event: ${e.type}\ndata: ${JSON.stringify(e)}\n\n`);
      await new Promise((r) => setTimeout(r, 2));
    }
    if (this.script.cut) req.socket.destroy();
    else res.end();
  }
}
