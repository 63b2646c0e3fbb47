import { Button, Dropdown, Menu } from '@arco-design/web-react';
import { IconDown } from '@arco-design/web-react/icon';
import { useTranslation } from 'react-i18next';
import { useStatus } from '@gw/web';
import { effectiveAddress, fillChatLink, linkKind, parseChats, type ChatLink } from './chat-link';

/** Opens a filled chat link in a new tab (web pages) or hands it to the desktop app its scheme names. */
function open(link: ChatLink, key: string, serverAddress: string | undefined): void {
  const url = fillChatLink(link.template, key, effectiveAddress(serverAddress, window.location.origin));
  const kind = linkKind(url);
  if (kind === 'web') window.open(url, '_blank', 'noopener,noreferrer');
  else if (kind === 'app') window.location.assign(url);
}

/**
 * A token row's chat button (docs/console.md#chat-links): the first configured chat link with this
 * token's key; the others from its menu. Nothing when no links are configured.
 */
export function ChatLinkButton({ tokenKey }: { tokenKey: string }) {
  const { t } = useTranslation();
  const status = useStatus();
  const links = parseChats(status.chats ?? []) ?? [];
  if (links.length === 0) return null;
  const go = (i: number) => open(links[i], tokenKey, status.server_address);
  if (links.length === 1) {
    return (
      <Button size="mini" type="outline" className="gw-token-chat" onClick={() => go(0)}>
        {t('chat.button')}
      </Button>
    );
  }
  const menu = (
    <Menu onClickMenuItem={(k) => go(Number(k))}>
      {links.map((l, i) => (
        <Menu.Item key={String(i)}>{l.name}</Menu.Item>
      ))}
    </Menu>
  );
  return (
    <Dropdown.Button size="mini" type="outline" className="gw-token-chat" droplist={menu} icon={<IconDown />} onClick={() => go(0)}>
      {t('chat.button')}
    </Dropdown.Button>
  );
}
