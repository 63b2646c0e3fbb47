import { useState } from 'react';
import { Button, Dropdown, Menu, Tag, Tooltip } from '@arco-design/web-react';
import { IconApps, IconLanguage, IconMenu, IconMoon, IconSun } from '@arco-design/web-react/icon';
import { Link, NavLink, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { changeLang, currentLang, isHttpUrl, safeImageSrc, setTheme, storedTheme, useStatus, useUser, type Lang, type ThemeMode } from '@gw/web';
import { NewYearEgg } from './NewYearEgg';
import { UserMenu } from './UserMenu';

interface Props {
  mobile: boolean;
  /** Opens the navigation drawer (mobile, pages with a sidebar). */
  onOpenMenu?: () => void;
}

/** Home, Console, Pricing, Docs, About; mode badge, theme and language switches, sign-in or user menu. */
export function TopBar({ mobile, onOpenMenu }: Props) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const status = useStatus();
  const user = useUser();
  const [theme, setThemeState] = useState<ThemeMode>(storedTheme);
  const logo = safeImageSrc(status.logo);
  const docs = status.docs_link && isHttpUrl(status.docs_link) ? status.docs_link : '';
  const toggleTheme = () => {
    const next = theme === 'dark' ? 'light' : 'dark';
    setTheme(next);
    setThemeState(next);
  };
  const links = [
    { to: '/', label: t('nav.home') },
    { to: '/token', label: t('nav.console') },
    { to: '/pricing', label: t('nav.pricing') },
    { to: '/about', label: t('nav.about') },
  ];
  const langMenu = (
    <Menu onClickMenuItem={(key) => void changeLang(key as Lang)} selectedKeys={[currentLang()]}>
      <Menu.Item key="zh">中文</Menu.Item>
      <Menu.Item key="en">English</Menu.Item>
    </Menu>
  );
  const openLink = (key: string) => (key.startsWith('http') ? window.open(key, '_blank', 'noopener,noreferrer') : navigate(key));
  const linksMenu = (
    <Menu onClickMenuItem={openLink}>
      {links.map((l) => (
        <Menu.Item key={l.to}>{l.label}</Menu.Item>
      ))}
      {docs && <Menu.Item key={docs}>{t('nav.docs')}</Menu.Item>}
      {!user && !status.self_use_mode_enabled && <Menu.Item key="/register">{t('nav.register')}</Menu.Item>}
    </Menu>
  );
  return (
    <div className="gw-topbar">
      {onOpenMenu && <Button className="gw-menu-button" icon={<IconMenu />} shape="circle" type="text" aria-label={t('nav.menu')} onClick={onOpenMenu} />}
      <Link to="/" className="gw-brand">
        {logo && <img src={logo} alt="" className="gw-logo" />}
        <span className="gw-system-name">{status.system_name || 'AI Gateway'}</span>
      </Link>
      {status.self_use_mode_enabled ? (
        <Tag color="arcoblue" className="gw-mode-badge">{t('nav.self_use')}</Tag>
      ) : status.demo_site_enabled ? (
        <Tag color="orange" className="gw-mode-badge">{t('nav.demo')}</Tag>
      ) : null}
      {!mobile && (
        <nav className="gw-toplinks">
          {links.map((l) => (
            <NavLink key={l.to} to={l.to} end className="gw-toplink">
              {l.label}
            </NavLink>
          ))}
          {docs && (
            <a className="gw-toplink" href={docs} target="_blank" rel="noopener noreferrer">
              {t('nav.docs')}
            </a>
          )}
        </nav>
      )}
      <div className="gw-topbar-right">
        <NewYearEgg />
        {mobile && (
          <Dropdown droplist={linksMenu} position="br" trigger="click">
            <Button className="gw-links-menu" shape="circle" type="text" aria-label={t('nav.menu')} icon={<IconApps />} />
          </Dropdown>
        )}
        <Tooltip content={theme === 'dark' ? t('nav.theme_light') : t('nav.theme_dark')}>
          <Button
            className="gw-theme-switch"
            shape="circle"
            type="text"
            aria-label={theme === 'dark' ? t('nav.theme_light') : t('nav.theme_dark')}
            icon={theme === 'dark' ? <IconSun /> : <IconMoon />}
            onClick={toggleTheme}
          />
        </Tooltip>
        <Dropdown droplist={langMenu} position="br" trigger="click">
          <Button className="gw-lang-switch" shape="circle" type="text" aria-label={t('nav.language')} icon={<IconLanguage />} />
        </Dropdown>
        {user ? (
          <UserMenu user={user} />
        ) : (
          <>
            <Link to="/login">
              <Button type="primary" size="small">{t('nav.login')}</Button>
            </Link>
            {!status.self_use_mode_enabled && !mobile && (
              <Link to="/register">
                <Button size="small">{t('nav.register')}</Button>
              </Link>
            )}
          </>
        )}
      </div>
    </div>
  );
}
