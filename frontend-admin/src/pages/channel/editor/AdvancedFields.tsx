import { Form, Input, InputNumber, Select, Space, Switch } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import { CHANNEL_LIMITS as L } from '@gw/shared';
import { jsonRule } from '@gw/web';
import { MODEL_MAPPING_SAMPLE, PARAM_OVERRIDE_SAMPLE, SETTING_SAMPLE, STATUS_CODE_MAPPING_SAMPLE } from '../channel-form';
import { JsonInput } from './JsonInput';

/** Groups, mapping, routing weights and the JSON options of a channel (`setting` is root's when editing: it holds the proxy). */
export function AdvancedFields({ groups, locked }: { groups: string[]; locked: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      <Form.Item field="groups" label={t('channel.groups')}>
        <Select mode="multiple" allowCreate options={groups.length ? groups : ['default']} className="gw-channel-groups" />
      </Form.Item>
      <Form.Item field="model_mapping" label={t('channel.model_mapping')} extra={t('channel.model_mapping_hint')} rules={[jsonRule(t('channel.model_mapping'))]}>
        <JsonInput sample={MODEL_MAPPING_SAMPLE} />
      </Form.Item>
      <Form.Item field="test_model" label={t('channel.test_model')} extra={t('channel.test_model_hint')}>
        <Input placeholder="gpt-4o-mini" />
      </Form.Item>
      <Form.Item field="tag" label={t('channel.tag')}>
        <Input placeholder={t('channel.tag_placeholder')} allowClear />
      </Form.Item>
      <Space size={16} wrap>
        <Form.Item field="priority" label={t('channel.col_priority')} extra={t('channel.priority_hint')}>
          <InputNumber precision={0} min={L.priorityMin} max={L.priorityMax} style={{ width: 160 }} className="gw-channel-priority-input" />
        </Form.Item>
        <Form.Item field="weight" label={t('channel.col_weight')} extra={t('channel.weight_hint')}>
          <InputNumber precision={0} min={L.weightMin} max={L.weightMax} style={{ width: 160 }} />
        </Form.Item>
      </Space>
      <Form.Item field="auto_ban" label={t('channel.auto_ban')} triggerPropName="checked" extra={t('channel.auto_ban_hint')}>
        <Switch />
      </Form.Item>
      <Form.Item
        field="status_code_mapping"
        label={t('channel.status_code_mapping')}
        extra={t('channel.status_code_mapping_hint')}
        rules={[jsonRule(t('channel.status_code_mapping'))]}
      >
        <JsonInput sample={STATUS_CODE_MAPPING_SAMPLE} />
      </Form.Item>
      <Form.Item field="setting" label={t('channel.setting')} rules={[jsonRule(t('channel.setting'))]} disabled={locked}>
        <JsonInput sample={SETTING_SAMPLE} />
      </Form.Item>
      <Form.Item field="param_override" label={t('channel.param_override')} extra={t('channel.param_override_hint')} rules={[jsonRule(t('channel.param_override'))]}>
        <JsonInput sample={PARAM_OVERRIDE_SAMPLE} />
      </Form.Item>
      <Space size={16} wrap>
        <Form.Item field="model_prefix" label={t('channel.model_prefix')}>
          <Input style={{ width: 220 }} />
        </Form.Item>
        <Form.Item field="max_input_tokens" label={t('channel.max_input_tokens')} extra={t('channel.max_input_tokens_hint')}>
          <InputNumber precision={0} min={0} max={L.maxInputTokensMax} style={{ width: 200 }} />
        </Form.Item>
      </Space>
    </>
  );
}
