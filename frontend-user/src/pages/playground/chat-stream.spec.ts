import { parseEventData, readChatStream, SseParser, type StreamEvent } from './chat-stream';

const chunk = (content: string) => `data: ${JSON.stringify({ choices: [{ index: 0, delta: { content } }] })}\n\n`;

function feed(pieces: string[]): StreamEvent[] {
  const p = new SseParser();
  return [...pieces.flatMap((x) => p.push(x)), ...p.end()];
}

describe('parseEventData', () => {
  it.each<[string, StreamEvent | null]>([
    ['[DONE]', { type: 'done' }],
    [' [DONE] ', { type: 'done' }],
    ['{"choices":[{"delta":{"content":"hi"}}]}', { type: 'delta', text: 'hi' }],
    ['{"choices":[{"delta":{"role":"assistant","content":""}}]}', null],
    ['{"choices":[{"delta":{},"finish_reason":"stop"}]}', null],
    ['{"choices":[],"usage":{"prompt_tokens":1}}', null],
    ['{"error":{"message":"upstream failed","type":"x"}}', { type: 'error', message: 'upstream failed' }],
    ['{"error":"plain"}', { type: 'error', message: 'plain' }],
    ['not json', null],
    ['', null],
  ])('%s', (data, expected) => expect(parseEventData(data)).toEqual(expected));
});

describe('SseParser', () => {
  const whole = chunk('Hel') + chunk('lo') + ': ping\n\n' + 'data: [DONE]\n\n';
  const expected: StreamEvent[] = [{ type: 'delta', text: 'Hel' }, { type: 'delta', text: 'lo' }, { type: 'done' }];

  it('reads whole events', () => expect(feed([whole])).toEqual(expected));

  it('reads events split at every position', () => {
    for (let i = 1; i < whole.length; i++) expect(feed([whole.slice(0, i), whole.slice(i)])).toEqual(expected);
  });

  it('reads a stream delivered one character at a time', () => expect(feed([...whole])).toEqual(expected));

  it('reads CRLF and CR line ends, even when a CRLF is split', () => {
    const crlf = whole.replaceAll('\n', '\r\n');
    expect(feed([crlf])).toEqual(expected);
    for (let i = 1; i < crlf.length; i++) expect(feed([crlf.slice(0, i), crlf.slice(i)])).toEqual(expected);
    expect(feed([whole.replaceAll('\n', '\r')])).toEqual(expected);
  });

  it('takes "data:" without a space and joins multi-line data', () => {
    expect(feed(['data:{"choices":[{"delta":{"content":"a"}}]}\n\n'])).toEqual([{ type: 'delta', text: 'a' }]);
    expect(feed(['data: {"choices":[{"delta":\ndata: {"content":"b"}}]}\n\n'])).toEqual([{ type: 'delta', text: 'b' }]);
  });

  it('ignores other fields and comments', () => {
    expect(feed(['event: message\nid: 3\nretry: 10\n: keep-alive\n\n', chunk('x')])).toEqual([{ type: 'delta', text: 'x' }]);
  });

  it('counts a last event without its blank line at the end of the body', () => {
    expect(feed(['data: [DONE]'])).toEqual([{ type: 'done' }]);
  });

  it('reports an error event after content', () => {
    expect(feed([chunk('part'), 'data: {"error":{"message":"stream interrupted"}}\n\n'])).toEqual([
      { type: 'delta', text: 'part' },
      { type: 'error', message: 'stream interrupted' },
    ]);
  });
});

describe('readChatStream', () => {
  /** A Response whose body arrives in the given byte pieces (multi-byte characters split too). */
  function streamed(pieces: Uint8Array[], init?: ResponseInit): Response {
    const body = new ReadableStream<Uint8Array>({
      start(c) {
        for (const p of pieces) c.enqueue(p);
        c.close();
      },
    });
    return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' }, ...init });
  }
  const bytes = (s: string) => new TextEncoder().encode(s);

  it('collects deltas until [DONE], across split UTF-8 characters', async () => {
    const all = bytes(chunk('你好') + chunk('，世界') + 'data: [DONE]\n\n' + chunk('after'));
    const pieces = Array.from({ length: all.length }, (_, i) => all.slice(i, i + 1));
    const events: StreamEvent[] = [];
    await expect(readChatStream(streamed(pieces), (e) => events.push(e))).resolves.toBe('done');
    expect(events).toEqual([{ type: 'delta', text: '你好' }, { type: 'delta', text: '，世界' }, { type: 'done' }]);
  });

  it('answers eof when the body ends without [DONE]', async () => {
    const events: StreamEvent[] = [];
    await expect(readChatStream(streamed([bytes(chunk('cut'))]), (e) => events.push(e))).resolves.toBe('eof');
    expect(events).toEqual([{ type: 'delta', text: 'cut' }]);
  });

  it('answers error with the message of an error event', async () => {
    const events: StreamEvent[] = [];
    const body = chunk('a') + 'data: {"error":{"message":"boom"}}\n\n';
    await expect(readChatStream(streamed([bytes(body)]), (e) => events.push(e))).resolves.toBe('error');
    expect(events.at(-1)).toEqual({ type: 'error', message: 'boom' });
  });

  it('answers error with the message of a refused call', async () => {
    const events: StreamEvent[] = [];
    const res = new Response(JSON.stringify({ error: { message: 'no channel', type: 'x' } }), { status: 503 });
    await expect(readChatStream(res, (e) => events.push(e))).resolves.toBe('error');
    expect(events).toEqual([{ type: 'error', message: 'no channel' }]);
    const plain: StreamEvent[] = [];
    await readChatStream(new Response('Bad Gateway', { status: 502 }), (e) => plain.push(e));
    expect(plain).toEqual([{ type: 'error', message: 'Bad Gateway' }]);
  });
});
