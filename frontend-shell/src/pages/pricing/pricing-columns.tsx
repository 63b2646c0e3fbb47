import { Space, Tag, Tooltip, Typography } from '@arco-design/web-react';
import type { DataColumn } from '@gw/web';
import { IconCheckCircleFill, IconCloseCircleFill, IconQuestionCircle } from '@arco-design/web-react/icon';
import { formatPrice, itemPrices, QuotaType, type PricingItem, type QuotaDisplay } from '@gw/shared';
import type { useTranslation } from 'react-i18next';

export interface PricingColumnsInput {
  t: ReturnType<typeof useTranslation>['t'];
  group: string;
  groupRatio: Record<string, number>;
  usableGroup: Record<string, string>;
  display: QuotaDisplay;
  onCopy: (model: string) => void;
  onSwitchGroup: (group: string) => void;
  onHelp: () => void;
}

/** The price list's columns for the viewed group (docs/pricing.md#the-page). */
export function pricingColumns(c: PricingColumnsInput): DataColumn<PricingItem>[] {
  const { t, group } = c;
  const ratio = c.groupRatio[group] ?? 1;
  return [
    {
      title: t('pricing.col_available'),
      key: 'available',
      width: 90,
      render: (_, r) =>
        r.enable_groups.includes(group) && !r.unpriced ? (
          <IconCheckCircleFill className="gw-available" style={{ color: 'rgb(var(--green-6))', fontSize: 18 }} aria-label={t('pricing.available')} />
        ) : (
          <IconCloseCircleFill className="gw-unavailable" style={{ color: 'rgb(var(--red-6))', fontSize: 18 }} aria-label={t('pricing.unavailable')} />
        ),
    },
    {
      title: t('pricing.col_model'),
      dataIndex: 'model_name',
      card: 'title',
      render: (name: string) => (
        <Tooltip content={name}>
          <Tag color="green" size="large" className="gw-model-name" style={{ cursor: 'copy' }} onClick={() => c.onCopy(name)}>
            {name}
          </Tag>
        </Tooltip>
      ),
    },
    {
      title: t('pricing.col_type'),
      key: 'type',
      render: (_, r) =>
        r.unpriced ? (
          <Tag color="gray">{t('pricing.unpriced')}</Tag>
        ) : r.quota_type === QuotaType.PerCall ? (
          <Tag color="teal">{t('pricing.per_call')}</Tag>
        ) : (
          <Tag color="violet">{t('pricing.per_token')}</Tag>
        ),
    },
    {
      title: t('pricing.col_groups'),
      key: 'groups',
      render: (_, r) => (
        <Space wrap size={4}>
          {r.enable_groups
            .filter((g) => g in c.usableGroup)
            .map((g) => (
              <Tag
                key={g}
                color={g === group ? 'blue' : undefined}
                className={g === group ? 'gw-group-current' : 'gw-group-switch'}
                style={g === group ? undefined : { cursor: 'pointer' }}
                onClick={g === group ? undefined : () => c.onSwitchGroup(g)}
              >
                {g}
              </Tag>
            ))}
        </Space>
      ),
    },
    {
      title: (
        <Space size={4}>
          {t('pricing.col_ratio')}
          <IconQuestionCircle className="gw-ratio-help" style={{ cursor: 'pointer' }} aria-label={t('pricing.help')} onClick={c.onHelp} />
        </Space>
      ),
      key: 'ratios',
      render: (_, r) => {
        const perToken = r.quota_type === QuotaType.PerToken && !r.unpriced;
        return (
          <div className="gw-ratios">
            <div>{t('pricing.model_ratio', { value: perToken ? r.model_ratio : t('pricing.none') })}</div>
            <div>{t('pricing.completion_ratio', { value: perToken ? r.completion_ratio : t('pricing.none') })}</div>
            <div>{t('pricing.group_ratio', { value: ratio })}</div>
          </div>
        );
      },
    },
    {
      title: t('pricing.col_price'),
      key: 'price',
      render: (_, r) => {
        const p = itemPrices(r, ratio, c.display.quotaPerUnit);
        const fmt = (usd: number) => formatPrice(usd, c.display);
        if (p.kind === 'unpriced') return <Typography.Text type="secondary">{t('pricing.unpriced')}</Typography.Text>;
        if (p.kind === 'call') return <div className="gw-price">{t('pricing.call_price', { price: fmt(p.perCall) })}</div>;
        return (
          <div className="gw-price">
            <div>{t('pricing.prompt_price', { price: fmt(p.prompt) })}</div>
            <div>{t('pricing.completion_price', { price: fmt(p.completion) })}</div>
          </div>
        );
      },
    },
  ];
}
