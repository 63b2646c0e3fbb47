import { useEffect, useState } from 'react';
import { Message } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import type { TokenRecord } from '@gw/shared';
import { navigate, useStatus } from '@gw/web';
import { listTokens } from '../token/token-api';
import { chatAt, effectiveAddress, fillChatLink, firstEnabledKey, parseChats } from './chat-link';

/** How long the "no enabled token" message stays before the token page opens. */
export const TO_TOKENS_MS = 1500;

export type ChatLinkState = { kind: 'loading' } | { kind: 'ready'; name: string; url: string } | { kind: 'failed' };

/**
 * The filled link of chat entry `id` (route parameter; the first entry when absent) with the user's first
 * enabled key (GET /api/token/?p=0&size=100). No enabled key: the message, then /token after 1.5 s.
 * Data that is not a list of links: "chat data could not be parsed".
 */
export function useChatLink(): ChatLinkState {
  const { t } = useTranslation();
  const { id } = useParams();
  const status = useStatus();
  const [state, setState] = useState<ChatLinkState>({ kind: 'loading' });
  // Compared by value: a re-read status is a new object with the same links.
  const chats = JSON.stringify(status.chats ?? []);
  const serverAddress = status.server_address;

  useEffect(() => {
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const links = parseChats(JSON.parse(chats));
    const link = links ? chatAt(links, id) : null;
    if (!link) {
      Message.error(t(links ? 'chat.not_found' : 'chat.parse_failed'));
      setState({ kind: 'failed' });
      return;
    }
    listTokens({ keyword: '', token: '' }, 1, 100)
      .then(({ items }) => {
        if (!live) return;
        const key = firstEnabledKey(items as TokenRecord[]);
        if (!key) {
          Message.error(t('chat.no_enabled_token'));
          setState({ kind: 'failed' });
          timer = setTimeout(() => navigate('/token'), TO_TOKENS_MS);
          return;
        }
        const url = fillChatLink(link.template, key, effectiveAddress(serverAddress, window.location.origin));
        setState({ kind: 'ready', name: link.name, url });
      })
      .catch(() => live && setState({ kind: 'failed' }));
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [chats, serverAddress, id, t]);

  return state;
}
