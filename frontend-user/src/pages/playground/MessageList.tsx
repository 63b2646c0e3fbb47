import { memo, useEffect, useMemo, useRef } from 'react';
import { Empty, Spin, Tag } from '@arco-design/web-react';
import { IconRobot, IconUser } from '@arco-design/web-react/icon';
import { useTranslation } from 'react-i18next';
import { renderChatMarkdown } from './markdown';
import type { ChatMessage } from './playground-helpers';

/** A reply's Markdown, re-rendered only when its text changes. */
const Markdown = memo(function Markdown({ text }: { text: string }) {
  const html = useMemo(() => renderChatMarkdown(text), [text]);
  return <div className="gw-pg-markdown" dangerouslySetInnerHTML={{ __html: html }} />;
});

function Bubble({ m }: { m: ChatMessage }) {
  const { t } = useTranslation();
  const mine = m.role === 'user';
  return (
    <div className={`gw-pg-message gw-pg-${m.role}`} data-status={m.status ?? 'complete'}>
      <div className="gw-pg-avatar">{mine ? <IconUser /> : <IconRobot />}</div>
      <div className="gw-pg-bubble">
        {mine ? (
          <div className="gw-pg-text">{m.content}</div>
        ) : m.status === 'loading' ? (
          <Spin size={16} className="gw-pg-loading" />
        ) : (
          <Markdown text={m.content} />
        )}
        {m.status === 'error' && (
          <Tag color="red" size="small" className="gw-pg-error-tag">
            {t('playground.status_error')}
          </Tag>
        )}
      </div>
    </div>
  );
}

/** The conversation, scrolled to the newest message as replies stream in. */
export function MessageList({ messages }: { messages: ChatMessage[] }) {
  const { t } = useTranslation();
  const end = useRef<HTMLDivElement>(null);
  const last = messages.at(-1);
  useEffect(() => {
    end.current?.scrollIntoView?.({ block: 'end' });
  }, [messages.length, last?.content]);
  if (messages.length === 0) return <Empty className="gw-pg-empty" description={t('playground.empty')} />;
  return (
    <div className="gw-pg-messages">
      {messages.map((m) => (
        <Bubble key={m.id} m={m} />
      ))}
      <div ref={end} />
    </div>
  );
}
