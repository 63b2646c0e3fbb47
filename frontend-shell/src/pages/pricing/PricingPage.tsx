import { useMemo, useState } from 'react';
import { Alert, Button, Card, Input, Message, Modal, Space } from '@arco-design/web-react';
import { IconCopy, IconSearch } from '@arco-design/web-react/icon';
import { useTranslation } from 'react-i18next';
import {
  comparePricingItems,
  DEFAULT_PRICING_GROUP,
  matchesModelSearch,
  PAGE_SIZES,
  type PricingAnswer,
  type PricingItem,
} from '@gw/shared';
import { api, copyText, DataTable, quotaDisplay, usePageSize, useRequest, useStatus, useUser } from '@gw/web';
import { pricingColumns } from './pricing-columns';
import { RatioDiagram } from './RatioDiagram';
import { useCompositionSearch } from './useCompositionSearch';

/**
 * Public pricing (docs/pricing.md#the-page): the models the viewer's groups can use, priced for the
 * viewed group - the signed-in user's group, `default` when signed out - which a group tag switches.
 */
export function PricingPage() {
  const { t } = useTranslation();
  const user = useUser();
  const display = quotaDisplay(useStatus());
  const { data, loading } = useRequest(
    () => api.get<PricingAnswer>('/api/pricing', { envelope: true }).catch(() => undefined),
    [user?.id],
  );
  const search = useCompositionSearch();
  const [picked, setPicked] = useState<string | null>(null);
  const [selected, setSelected] = useState<string[]>([]);
  const [helpOpen, setHelpOpen] = useState(false);
  const [pageSize, setPageSize] = usePageSize();

  const groupRatio = data?.group_ratio ?? {};
  const usableGroup = data?.usable_group ?? {};
  // The server prices for the session it sees; a stored user whose session ended is shown as signed out.
  const ownGroup = user && user.group in groupRatio ? user.group : null;
  const group = picked && picked in groupRatio ? picked : (ownGroup ?? DEFAULT_PRICING_GROUP);
  const rows = useMemo(
    () => (data?.data ?? []).filter((i) => matchesModelSearch(i.model_name, search.query)).sort(comparePricingItems),
    [data, search.query],
  );

  const columns = pricingColumns({
    t,
    group,
    groupRatio,
    usableGroup,
    display,
    onCopy: (model) => void copyText(model),
    onSwitchGroup: (g) => {
      setPicked(g);
      Message.info(t('pricing.switched', { group: g, ratio: groupRatio[g] ?? 1 }));
    },
    onHelp: () => setHelpOpen(true),
  });

  return (
    <Card className="gw-page gw-pricing" title={t('pricing.title')}>
      <Space direction="vertical" size={12} style={{ width: '100%' }}>
        {ownGroup ? (
          <Alert
            className="gw-pricing-banner-group"
            type="success"
            content={t('pricing.banner_user', { group: ownGroup, ratio: groupRatio[ownGroup] })}
          />
        ) : (
          <Alert
            className="gw-pricing-banner-group"
            type="warning"
            content={t('pricing.banner_guest', { ratio: groupRatio[DEFAULT_PRICING_GROUP] ?? 1 })}
          />
        )}
        <Alert className="gw-pricing-banner-formula" type="info" content={t('pricing.banner_formula', { unit: display.quotaPerUnit })} />
        <Space wrap>
          <Input
            className="gw-pricing-search"
            prefix={<IconSearch />}
            placeholder={t('pricing.search')}
            allowClear
            style={{ width: 320 }}
            {...search.inputProps}
          />
          <Button
            className="gw-pricing-copy"
            icon={<IconCopy />}
            disabled={selected.length === 0}
            onClick={() => void copyText(selected.join(','))}
          >
            {t('pricing.copy_selected')}
          </Button>
        </Space>
        <DataTable<PricingItem>
          className="gw-pricing-table"
          rowKey="model_name"
          loading={loading}
          columns={columns}
          data={rows}
          noDataElement={t('pricing.empty')}
          rowSelection={{ type: 'checkbox', selectedRowKeys: selected, onChange: (keys) => setSelected(keys as string[]) }}
          pagination={{ pageSize, sizeCanChange: true, sizeOptions: [...PAGE_SIZES], onPageSizeChange: setPageSize, showTotal: true }}
        />
      </Space>
      <Modal title={t('pricing.help')} visible={helpOpen} footer={null} onCancel={() => setHelpOpen(false)} style={{ width: 760 }}>
        <RatioDiagram quotaPerUnit={display.quotaPerUnit} />
      </Modal>
    </Card>
  );
}
