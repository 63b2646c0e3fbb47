/**
 * Model output as Markdown with highlighted code blocks (docs/console.md#playground). The output is
 * untrusted: the HTML marked builds, highlighted blocks included, goes through the console's sanitiser.
 */
import { Marked, type Tokens } from 'marked';
import { sanitizeHtml } from '@gw/web';
import { highlightCode } from './highlight';

const marked = new Marked({
  gfm: true,
  breaks: true,
  renderer: {
    code: ({ text, lang }: Tokens.Code) => highlightCode(text, lang),
  },
});

/** Markdown to sanitised HTML with highlighted code. */
export function renderChatMarkdown(text: string): string {
  return sanitizeHtml(marked.parse(text, { async: false }));
}
