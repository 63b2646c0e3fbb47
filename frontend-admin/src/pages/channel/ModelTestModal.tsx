import { useEffect, useState } from 'react';
import { Button, Input, Modal, Table, Tag, Tooltip } from '@arco-design/web-react';
import { IconSearch } from '@arco-design/web-react/icon';
import { useTranslation } from 'react-i18next';
import type { ChannelRecord } from '@gw/shared';
import { channelApi } from './channel-api';
import { splitList } from './channel-form';

type Outcome = { state: 'running' } | { state: 'ok'; time: number } | { state: 'fail'; message: string };

/** Tests a channel with a chosen model; each result shows the time in seconds. */
export function ModelTestModal({ channel, onClose, onTested }: { channel: ChannelRecord | null; onClose: () => void; onTested: () => void }) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [results, setResults] = useState<Record<string, Outcome>>({});
  useEffect(() => {
    setResults({});
    setSearch('');
  }, [channel?.id]);
  const models = splitList(channel?.models).filter((m) => m.toLowerCase().includes(search.trim().toLowerCase()));

  const run = async (model: string) => {
    if (!channel) return;
    setResults((r) => ({ ...r, [model]: { state: 'running' } }));
    try {
      const res = await channelApi.test(channel.id, model);
      setResults((r) => ({ ...r, [model]: { state: 'ok', time: res.time } }));
      onTested();
    } catch (e) {
      setResults((r) => ({ ...r, [model]: { state: 'fail', message: (e as Error).message } }));
    }
  };

  const outcome = (o?: Outcome) => {
    if (!o || o.state === 'running') return null;
    if (o.state === 'ok') return <Tag color="green">{t('channel.seconds', { s: o.time.toFixed(2) })}</Tag>;
    return (
      <Tooltip content={o.message}>
        <Tag color="red">{t('channel.test_failed_short')}</Tag>
      </Tooltip>
    );
  };

  return (
    <Modal visible={!!channel} title={t('channel.test_title', { name: channel?.name ?? '' })} footer={null} onCancel={onClose} className="gw-model-test" style={{ width: 640 }}>
      <Input allowClear prefix={<IconSearch />} placeholder={t('channel.search_model')} value={search} onChange={setSearch} style={{ marginBottom: 12 }} />
      <Table
        rowKey="model"
        size="small"
        data={models.map((model) => ({ model }))}
        pagination={{ pageSize: 10, hideOnSinglePage: true }}
        columns={[
          { title: t('channel.model'), dataIndex: 'model' },
          { title: t('channel.test_result'), render: (_, r) => outcome(results[r.model]) },
          {
            title: t('common.actions'),
            width: 100,
            render: (_, r) => (
              <Button size="mini" type="primary" loading={results[r.model]?.state === 'running'} onClick={() => void run(r.model)}>
                {t('channel.test')}
              </Button>
            ),
          },
        ]}
      />
    </Modal>
  );
}
