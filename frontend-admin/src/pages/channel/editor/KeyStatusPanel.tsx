import { useEffect, useState } from 'react';
import { Button, Message, Radio, Table, Tag } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import {
  ChannelKeyStatus,
  type ChannelKeyState,
  type ChannelKeyStatusPage,
  type MultiKeyAction,
  type MultiKeyMode,
} from '@gw/shared';
import { formatTimestamp } from '@gw/web';
import { channelApi } from '../channel-api';

interface Props {
  channelId: number;
}

const STATUS_TAG: Record<number, { color: string; label: string }> = {
  [ChannelKeyStatus.Enabled]: { color: 'green', label: 'channel.key_status_enabled' },
  [ChannelKeyStatus.ManuallyDisabled]: { color: 'gray', label: 'channel.key_status_manual' },
  [ChannelKeyStatus.AutoDisabled]: { color: 'orange', label: 'channel.key_status_auto' },
};

/**
 * A multi-key channel's keys (masked) with their state, reason and time; the operator enables or
 * disables a key and chooses how keys are picked, saved at once (docs/channel-types.md#multi-key-channels).
 * Nothing is shown for a channel with one key.
 */
export function KeyStatusPanel({ channelId }: Props) {
  const { t } = useTranslation();
  const [page, setPage] = useState<ChannelKeyStatusPage | null>(null);
  const [busy, setBusy] = useState(false);

  const run = async (action: MultiKeyAction, keyIndex?: number) => {
    setBusy(true);
    try {
      setPage(await channelApi.manageKeys(channelId, action, keyIndex));
    } catch {
      /* reported */
    } finally {
      setBusy(false);
    }
  };
  useEffect(() => {
    void run('get_key_status');
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [channelId]);

  const setMode = async (mode: MultiKeyMode) => {
    try {
      await channelApi.update({ id: channelId, multi_key_mode: mode });
      setPage((p) => (p ? { ...p, multi_key_mode: mode } : p));
      Message.success(t('channel.key_mode_saved'));
    } catch {
      /* reported */
    }
  };

  if (!page || page.total < 2) return null;
  const columns = [
    { title: '#', dataIndex: 'index', width: 48 },
    {
      title: t('channel.key_status_key'),
      dataIndex: 'key_preview',
      render: (v: string) => <span className="gw-mono">{v}</span>,
    },
    {
      title: t('channel.key_status_state'),
      dataIndex: 'status',
      render: (v: number) => <Tag color={STATUS_TAG[v]?.color}>{t(STATUS_TAG[v]?.label ?? '')}</Tag>,
    },
    { title: t('channel.key_status_reason'), dataIndex: 'disabled_reason', ellipsis: true },
    {
      title: t('channel.key_status_time'),
      dataIndex: 'disabled_time',
      render: (v: number) => (v ? formatTimestamp(v) : '-'),
    },
    {
      title: '',
      key: 'action',
      render: (_: unknown, k: ChannelKeyState) =>
        k.status === ChannelKeyStatus.Enabled ? (
          <Button
            size="mini"
            className="gw-key-disable"
            loading={busy}
            onClick={() => void run('disable_key', k.index)}
          >
            {t('channel.key_disable')}
          </Button>
        ) : (
          <Button
            size="mini"
            type="primary"
            className="gw-key-enable"
            loading={busy}
            onClick={() => void run('enable_key', k.index)}
          >
            {t('channel.key_enable')}
          </Button>
        ),
    },
  ];
  return (
    <div className="gw-key-status">
      <div style={{ display: 'flex', gap: 12, alignItems: 'center', marginBottom: 8, flexWrap: 'wrap' }}>
        <strong>{t('channel.key_status_title')}</strong>
        <span>{t('channel.key_status_mode')}</span>
        <Radio.Group
          type="button"
          size="small"
          className="gw-key-mode"
          value={page.multi_key_mode}
          onChange={(v: MultiKeyMode) => void setMode(v)}
        >
          <Radio value="random">{t('channel.key_mode_random')}</Radio>
          <Radio value="polling">{t('channel.key_mode_polling')}</Radio>
        </Radio.Group>
        <Button size="mini" loading={busy} onClick={() => void run('enable_all_keys')}>
          {t('channel.key_enable_all')}
        </Button>
      </div>
      <Table
        size="small"
        rowKey="index"
        pagination={false}
        columns={columns}
        data={page.keys}
        className="gw-key-status-table"
      />
    </div>
  );
}
