import { useMemo } from 'react';
import { isHttpUrl } from '../format';
import { renderMarkdown, sanitizeHtml } from '../sanitize';

interface Props {
  /** Admin-set content: an http(s) URL (shown in a frame), Markdown or HTML. */
  content: string;
  className?: string;
  /** Plain HTML only (the footer): no Markdown pass. */
  htmlOnly?: boolean;
  title?: string;
}

/** Renders admin-set content safely: sanitised HTML/Markdown, or a frame when it is a URL. */
export function RichContent({ content, className, htmlOnly, title }: Props) {
  const text = content.trim();
  const url = !htmlOnly && isHttpUrl(text);
  const html = useMemo(() => (url ? '' : htmlOnly ? sanitizeHtml(text) : renderMarkdown(text)), [text, url, htmlOnly]);
  if (url) {
    const sameOrigin = new URL(text).origin === window.location.origin;
    return (
      <iframe
        className={className}
        src={text}
        title={title ?? 'content'}
        style={{ width: '100%', height: 'calc(100vh - 120px)', border: 'none' }}
        // A framed page of this origin gets no scripts: it could otherwise reach the console.
        sandbox={sameOrigin ? '' : 'allow-scripts allow-same-origin allow-forms allow-popups'}
        referrerPolicy="no-referrer"
      />
    );
  }
  return <div className={className} dangerouslySetInnerHTML={{ __html: html }} />;
}
