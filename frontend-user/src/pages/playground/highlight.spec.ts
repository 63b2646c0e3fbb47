import { escapeHtml, highlightCode } from './highlight';

describe('highlightCode', () => {
  it('highlights a known language and escapes the code', () => {
    const html = highlightCode('const a = "<b>";', 'js');
    expect(html).toContain('class="hljs language-js"');
    expect(html).toContain('<span class="hljs-keyword">const</span>');
    expect(html).toContain('&lt;b&gt;');
    expect(html).not.toContain('<b>');
  });

  it('escapes code of an unknown or missing language', () => {
    expect(highlightCode('<script>alert(1)</script>', 'nope')).toBe('<pre><code class="hljs">&lt;script&gt;alert(1)&lt;/script&gt;</code></pre>\n');
    expect(highlightCode('a & b', undefined)).toContain('a &amp; b');
  });

  it('escapes every HTML-special character', () => expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;'));
});
