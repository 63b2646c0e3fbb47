import { useState } from 'react';
import { Button, Card, Message, Tag } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import type { UserView } from '@gw/shared';
import { api, oauthStartUrl, TelegramLogin, telegramAuthUrl, useStatus, WeChatModal, withQuery } from '@gw/web';
import { EmailBindModal } from './EmailBindModal';
import { bindingRows, type BindingRow } from './personal-helpers';

/**
 * Linked sign-in methods, each with its bind action when offered: GitHub, OIDC and LinuxDO go through
 * the provider (the callback binds because the session is present, then comes back here); WeChat asks
 * for the code; Telegram shows its widget; the e-mail is confirmed with a code.
 */
export function BindingsCard({ user, onChanged }: { user: UserView; onChanged: () => void }) {
  const { t } = useTranslation();
  const status = useStatus();
  const [modal, setModal] = useState<'email' | 'wechat' | null>(null);

  const bindWeChat = async (code: string) => {
    await api.get(withQuery('/api/oauth/wechat/bind', { code }));
    Message.success(t('personal.bound_done'));
    onChanged();
  };

  const action = (row: BindingRow) => {
    switch (row.bind) {
      case null:
        return null;
      case 'telegram':
        return <TelegramLogin botName={status.telegram_bot_name ?? ''} authUrl={telegramAuthUrl('bind')} />;
      case 'email':
      case 'wechat': {
        const open = row.bind;
        return (
          <Button size="small" onClick={() => setModal(open)} data-testid={`bind-${open}`} className={`gw-bind-${open}`}>
            {open === 'email' && row.value ? t('personal.change_binding') : t('personal.bind')}
          </Button>
        );
      }
      default: {
        const provider = row.bind;
        return (
          <Button size="small" onClick={() => window.location.assign(oauthStartUrl(provider))} data-testid={`bind-${provider}`} className={`gw-bind-${provider}`}>
            {t('personal.bind')}
          </Button>
        );
      }
    }
  };

  return (
    <Card title={t('personal.bindings')} className="gw-bindings">
      {bindingRows(user, status).map((row) => (
        <div key={row.key} className="gw-binding-row" data-testid={`binding-${row.key}`} data-bound={row.value ? 'true' : 'false'}>
          <span className="gw-binding-label">{t(row.labelKey)}</span>
          <span className="gw-binding-value">{row.value ? <Tag color="green">{row.value}</Tag> : <Tag>{t('common.unbound')}</Tag>}</span>
          <span className="gw-binding-action">{action(row)}</span>
        </div>
      ))}
      <EmailBindModal visible={modal === 'email'} onClose={() => setModal(null)} onBound={onChanged} />
      <WeChatModal
        visible={modal === 'wechat'}
        qrcode={status.wechat_qrcode}
        title={t('personal.bind_wechat')}
        okText={t('personal.bind')}
        onSubmit={bindWeChat}
        onClose={() => setModal(null)}
      />
    </Card>
  );
}
