import { Card, Descriptions, Tag } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import type { UserView } from '@gw/shared';
import { bindingRows } from './personal-helpers';

/** Linked third-party accounts (read-only for now). */
export function BindingsCard({ user }: { user: UserView }) {
  const { t } = useTranslation();
  return (
    <Card title={t('personal.bindings')} className="gw-bindings">
      <Descriptions
        column={1}
        data={bindingRows(user).map((b) => ({
          label: t(b.labelKey),
          value: b.value ? <Tag color="green">{b.value}</Tag> : <Tag>{t('common.unbound')}</Tag>,
        }))}
      />
    </Card>
  );
}
