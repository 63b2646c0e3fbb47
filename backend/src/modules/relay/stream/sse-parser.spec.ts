import { SseParser } from './sse-parser';

describe('SseParser', () => {
  it('splits events across arbitrary chunk boundaries', () => {
    const p = new SseParser();
    const text = 'data: {"a":1}\n\n: ping\n\nevent: x\ndata: l1\ndata: l2\n\ndata: [DONE]\n\n';
    const events = [];
    for (let i = 0; i < text.length; i += 3) events.push(...p.push(Buffer.from(text.slice(i, i + 3))));
    events.push(...p.end());
    expect(events.map((e) => [e.event, e.data])).toEqual([
      [null, '{"a":1}'],
      [null, null],
      ['x', 'l1\nl2'],
      [null, '[DONE]'],
    ]);
    expect(events[0].raw).toBe('data: {"a":1}');
  });

  it('handles CRLF and multi-byte characters split between chunks', () => {
    const p = new SseParser();
    const bytes = Buffer.from('data: 你好\r\n\r\n');
    const out = [...p.push(bytes.subarray(0, 8)), ...p.push(bytes.subarray(8, 13)), ...p.push(bytes.subarray(13))];
    expect(out.map((e) => e.data)).toEqual(['你好']);
  });

  it('returns an unterminated last event at the end', () => {
    const p = new SseParser();
    expect(p.push(Buffer.from('data: tail'))).toEqual([]);
    expect(p.end().map((e) => e.data)).toEqual(['tail']);
  });
});
