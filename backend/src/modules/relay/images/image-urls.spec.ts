import type { RelayBody } from '../../../providers/provider';
import { remoteImageUrls, withInlineImages } from './image-urls';

const DATA = 'data:image/png;base64,AAAA';
const body = (content: unknown): RelayBody => ({
  kind: 'json',
  json: { model: 'm', messages: [{ role: 'system', content: 'x' }, { role: 'user', content }] },
});

describe('remote image URLs of a chat body', () => {
  const content = [
    { type: 'text', text: 'look' },
    { type: 'image_url', image_url: { url: 'https://a.example/1.png', detail: 'high' } },
    { type: 'image_url', image_url: { url: DATA } },
    { type: 'image_url', image_url: 'http://b.example/2.jpg' },
    { type: 'image_url', image_url: { url: 'https://a.example/1.png' } },
    { type: 'image_url', image_url: { url: 'ftp://c.example/3.png' } },
  ];

  it('http(s) only, distinct, in order; data: and other schemes left alone', () => {
    expect(remoteImageUrls(body(content))).toEqual(['https://a.example/1.png', 'http://b.example/2.jpg']);
    expect(remoteImageUrls(body('text only'))).toEqual([]);
    expect(remoteImageUrls({ kind: 'multipart', raw: Buffer.alloc(0), contentType: 'multipart/form-data' })).toEqual([]);
  });

  it('replaces each by its data: URL, keeping detail; the input is not changed', () => {
    const input = body(content);
    const out = withInlineImages(input, new Map([['https://a.example/1.png', DATA], ['http://b.example/2.jpg', DATA]]));
    if (out.kind !== 'json') throw new Error('a JSON body stays JSON');
    const parts = (out.json.messages as { content: unknown[] }[])[1].content;
    expect(parts[1]).toEqual({ type: 'image_url', image_url: { url: DATA, detail: 'high' } });
    expect(parts[3]).toEqual({ type: 'image_url', image_url: { url: DATA } });
    expect(parts[5]).toEqual(content[5]);
    expect(remoteImageUrls(input)).toHaveLength(2);
  });
});
