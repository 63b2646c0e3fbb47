import { useEffect, useState, type KeyboardEvent } from 'react';
import { Button, Card, Collapse, Input, Popconfirm, Space } from '@arco-design/web-react';
import { IconDelete, IconRecordStop, IconSend } from '@arco-design/web-react/icon';
import { useTranslation } from 'react-i18next';
import type { UserGroupMap } from '@gw/shared';
import { useIsMobile } from '@gw/web';
import { loadUserGroups, loadUserModels } from '../token/token-api';
import { MessageList } from './MessageList';
import { pickModel } from './playground-helpers';
import { SettingsPanel } from './SettingsPanel';
import { usePlaygroundChat } from './usePlaygroundChat';

/**
 * The chat playground (docs/console.md#playground): settings on the left (a collapsed panel above the
 * chat on mobile), the conversation and the input on the right.
 */
export function PlaygroundPage() {
  const { t } = useTranslation();
  const mobile = useIsMobile();
  const chat = usePlaygroundChat();
  const { settings, setSettings } = chat;
  const [groups, setGroups] = useState<UserGroupMap>({});
  const [models, setModels] = useState<string[]>([]);
  const [input, setInput] = useState('');

  useEffect(() => {
    void loadUserGroups().then(setGroups);
    void loadUserModels().then(setModels);
  }, []);

  // Preselect a model once the list is known (the kept one, gpt-4o-mini, or the first).
  useEffect(() => {
    if (models.length === 0) return;
    const model = pickModel(models, settings.model);
    if (model !== settings.model) setSettings({ ...settings, model });
  }, [models, settings, setSettings]);

  const submit = () => {
    if (chat.busy || !input.trim()) return;
    void chat.send(input);
    setInput('');
  };
  const onKey = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      submit();
    }
  };

  const panel = <SettingsPanel settings={settings} onChange={setSettings} groups={groups} models={models} />;
  return (
    <div className={`gw-pg ${mobile ? 'gw-pg-mobile' : ''}`}>
      {mobile ? (
        <Collapse className="gw-pg-settings-collapse" bordered={false} defaultActiveKey={[]}>
          <Collapse.Item name="settings" header={t('playground.settings')}>
            {panel}
          </Collapse.Item>
        </Collapse>
      ) : (
        <Card className="gw-pg-side" title={t('playground.settings')} bordered={false}>
          {panel}
        </Card>
      )}
      <Card
        className="gw-pg-chat"
        bordered={false}
        title={t('playground.title')}
        extra={
          <Popconfirm title={t('playground.clear_confirm')} onOk={chat.clear} disabled={chat.messages.length === 0}>
            <Button size="small" icon={<IconDelete />} className="gw-pg-clear" disabled={chat.messages.length === 0}>
              {t('playground.clear')}
            </Button>
          </Popconfirm>
        }
      >
        <MessageList messages={chat.messages} />
        <div className="gw-pg-input">
          <Input.TextArea
            className="gw-pg-prompt"
            autoSize={{ minRows: 2, maxRows: 8 }}
            placeholder={t('playground.input_placeholder')}
            value={input}
            onChange={setInput}
            onKeyDown={onKey}
          />
          <Space>
            {chat.busy ? (
              <Button status="warning" icon={<IconRecordStop />} className="gw-pg-stop" onClick={chat.stop}>
                {t('playground.stop')}
              </Button>
            ) : (
              <Button type="primary" icon={<IconSend />} className="gw-pg-send" disabled={!input.trim() || !settings.model} onClick={submit}>
                {t('playground.send')}
              </Button>
            )}
          </Space>
        </div>
      </Card>
    </div>
  );
}
