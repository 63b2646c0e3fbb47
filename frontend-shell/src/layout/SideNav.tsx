import type { ReactNode } from 'react';
import { Menu } from '@arco-design/web-react';
import {
  IconApps,
  IconCalendar,
  IconCommon,
  IconDashboard,
  IconExperiment,
  IconGift,
  IconImage,
  IconList,
  IconMessage,
  IconSafe,
  IconSettings,
  IconStorage,
  IconUser,
  IconUserGroup,
} from '@arco-design/web-react/icon';
import { useLocation, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { isAdmin, useStatus, useUser } from '@gw/web';
import { chatLinks, visibleNav } from '../nav';

const ICONS: Record<string, ReactNode> = {
  playground: <IconExperiment />,
  chat: <IconMessage />,
  detail: <IconDashboard />,
  token: <IconSafe />,
  log: <IconList />,
  midjourney: <IconImage />,
  task: <IconCalendar />,
  channel: <IconStorage />,
  redemption: <IconGift />,
  user: <IconUserGroup />,
  setting: <IconSettings />,
  topup: <IconCommon />,
  personal: <IconUser />,
};

/** The side navigation built from the route table's menu groups. */
export function SideNav({ collapsed, onNavigate }: { collapsed: boolean; onNavigate?: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const status = useStatus();
  const user = useUser();
  const groups = visibleNav({ status, isAdmin: isAdmin(user) });
  const chats = chatLinks(status.chats);
  const selected = pathname.startsWith('/chat/') ? pathname : '/' + (pathname.split('/')[1] ?? '');
  const go = (path: string) => {
    navigate(path);
    onNavigate?.();
  };
  return (
    <Menu className="gw-sidenav" collapse={collapsed} selectedKeys={[selected]} onClickMenuItem={go} autoOpen>
      {groups.map((group) => {
        const items = group.items.map((item) => (
          <Menu.Item key={item.path}>
            {ICONS[item.key] ?? <IconApps />}
            {t(item.labelKey)}
          </Menu.Item>
        ));
        const chatMenu =
          group.key === 'chat' && chats.length > 0 ? (
            <Menu.SubMenu key="chat" title={<>{ICONS.chat}{t('nav.chat')}</>}>
              {chats.map((c) => (
                <Menu.Item key={`/chat/${c.index}`}>{c.name}</Menu.Item>
              ))}
            </Menu.SubMenu>
          ) : null;
        return group.labelKey && !collapsed ? (
          <Menu.ItemGroup key={group.key} title={t(group.labelKey)}>
            {items}
          </Menu.ItemGroup>
        ) : (
          [...items, chatMenu]
        );
      })}
    </Menu>
  );
}
