import { Avatar, Dropdown, Menu, Message } from '@arco-design/web-react';
import { IconPoweroff, IconUser } from '@arco-design/web-react/icon';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { api, clearStoredUser, type StoredUser } from '@gw/web';

export function UserMenu({ user }: { user: StoredUser }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const logout = async () => {
    try {
      await api.get('/api/user/logout', { quiet: true, noAuthRedirect: true });
    } catch {
      /* signed out locally either way */
    }
    clearStoredUser();
    Message.success(t('nav.logout_done'));
    navigate('/login');
  };
  const onClick = (key: string) => {
    if (key === 'logout') void logout();
    else navigate(key);
  };
  const name = user.display_name || user.username;
  const droplist = (
    <Menu onClickMenuItem={onClick}>
      <Menu.Item key="/personal">
        <IconUser /> {t('nav.personal')}
      </Menu.Item>
      <Menu.Item key="logout" className="gw-logout">
        <IconPoweroff /> {t('nav.logout')}
      </Menu.Item>
    </Menu>
  );
  return (
    <Dropdown droplist={droplist} position="br" trigger="click">
      <span className="gw-user-menu" role="button" tabIndex={0} aria-label={name}>
        <Avatar size={28} className="gw-avatar">{name.slice(0, 1).toUpperCase()}</Avatar>
        <span className="gw-user-name">{name}</span>
      </span>
    </Dropdown>
  );
}
