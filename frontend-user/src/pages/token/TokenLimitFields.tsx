import { Alert, Form, Input, InputNumber, Select, Space, Switch } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import { TOKEN_RATE_LIMIT, type UserGroupMap } from '@gw/shared';

interface Props {
  groups: UserGroupMap;
  models: string[];
  rateLimit: boolean;
  modelLimits: boolean;
}

/** Group, request rate limit, model limits and allowed IPs of a token. */
export function TokenLimitFields({ groups, models, rateLimit, modelLimits }: Props) {
  const { t } = useTranslation();
  const names = Object.keys(groups);
  return (
    <>
      <Form.Item field="group" label={t('token.group')} extra={names.length === 0 ? t('token.no_groups') : t('token.group_hint')}>
        <Select
          allowClear
          disabled={names.length === 0}
          className="gw-token-group"
          placeholder={names.length === 0 ? t('token.no_groups') : t('token.group_default')}
          options={names.map((g) => ({
            value: g,
            label: (
              <span>
                {g} <span className="gw-small">{[groups[g]?.desc, groups[g]?.ratio !== undefined ? `${groups[g].ratio}x` : ''].filter(Boolean).join(' · ')}</span>
              </span>
            ),
          }))}
        />
      </Form.Item>
      <Form.Item field="rate_limit_enabled" label={t('token.rate_limit')} triggerPropName="checked">
        <Switch />
      </Form.Item>
      {rateLimit && (
        <Space size={12} wrap>
          <Form.Item field="rate_limit_period" label={t('token.rate_limit_period')} extra={t('token.rate_limit_period_hint')}>
            <InputNumber min={TOKEN_RATE_LIMIT.period.min} max={TOKEN_RATE_LIMIT.period.max} precision={0} style={{ width: 150 }} suffix={t('token.seconds')} />
          </Form.Item>
          <Form.Item field="rate_limit_count" label={t('token.rate_limit_count')} extra={t('token.rate_limit_count_hint')}>
            <InputNumber min={TOKEN_RATE_LIMIT.count.min} max={TOKEN_RATE_LIMIT.count.max} precision={0} style={{ width: 150 }} />
          </Form.Item>
          <Form.Item field="rate_limit_success" label={t('token.rate_limit_success')} extra={t('token.rate_limit_success_hint')}>
            <InputNumber min={TOKEN_RATE_LIMIT.success.min} max={TOKEN_RATE_LIMIT.success.max} precision={0} style={{ width: 150 }} />
          </Form.Item>
        </Space>
      )}
      <Form.Item field="model_limits_enabled" label={t('token.model_limits')} triggerPropName="checked">
        <Switch />
      </Form.Item>
      {modelLimits && (
        <Form.Item field="model_limits" extra={t('token.model_limits_hint')}>
          <Select mode="multiple" allowClear showSearch allowCreate options={models} placeholder={t('token.model_limits_placeholder')} />
        </Form.Item>
      )}
      {modelLimits && models.length === 0 && <Alert type="warning" content={t('token.no_models')} style={{ marginBottom: 16 }} />}
      <Form.Item field="allow_ips" label={t('token.allow_ips')} extra={t('token.allow_ips_hint')}>
        <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} placeholder={'192.168.1.1\n10.0.0.0/8'} className="gw-mono" />
      </Form.Item>
    </>
  );
}
