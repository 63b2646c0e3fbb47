import { useState } from 'react';
import { Button, Card, Empty, Space, Tag } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import { api, collapseList, copyText, useRequest } from '@gw/web';

/** The models this user may call; collapses after 10. Click a model to copy its name. */
export function ModelList() {
  const { t } = useTranslation();
  const [expanded, setExpanded] = useState(false);
  const { data = [], loading } = useRequest(() => api.get<string[]>('/api/user/models', { quiet: true, on404: [] }).catch(() => []));
  const models = Array.isArray(data) ? data : [];
  const { shown, hidden } = collapseList(models, expanded);
  return (
    <Card title={t('personal.models')} loading={loading} className="gw-model-list">
      {models.length === 0 ? (
        <Empty description={t('personal.models_empty')} />
      ) : (
        <Space wrap size={6}>
          {shown.map((m) => (
            <Tag key={m} className="gw-clickable" onClick={() => void copyText(m)}>
              {m}
            </Tag>
          ))}
          {hidden > 0 && (
            <Button size="mini" type="text" onClick={() => setExpanded(true)}>
              {t('common.show_more', { count: hidden })}
            </Button>
          )}
          {expanded && models.length > 10 && (
            <Button size="mini" type="text" onClick={() => setExpanded(false)}>
              {t('common.show_less')}
            </Button>
          )}
        </Space>
      )}
    </Card>
  );
}
