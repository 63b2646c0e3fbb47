import { Form, Input, InputNumber, Select, Slider, Typography } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import type { UserGroupMap } from '@gw/shared';
import { parseMaxTokens, snapTemperature, TEMPERATURE, type PlaygroundSettings } from './playground-helpers';

interface Props {
  settings: PlaygroundSettings;
  onChange: (next: PlaygroundSettings) => void;
  groups: UserGroupMap;
  models: string[];
}

/** The playground's settings: group, model, temperature, max tokens and the system prompt. */
export function SettingsPanel({ settings, onChange, groups, models }: Props) {
  const { t } = useTranslation();
  const set = <K extends keyof PlaygroundSettings>(k: K, v: PlaygroundSettings[K]) => onChange({ ...settings, [k]: v });
  const groupOptions = [
    { label: t('playground.group_own'), value: '' },
    ...Object.entries(groups).map(([name, g]) => ({ label: g.desc ? `${name} · ${g.desc}` : name, value: name })),
  ];
  return (
    <Form layout="vertical" className="gw-pg-settings">
      <Form.Item label={t('playground.group')}>
        <Select className="gw-pg-group" value={settings.group} options={groupOptions} onChange={(v: string) => set('group', v)} />
      </Form.Item>
      <Form.Item label={t('playground.model')}>
        <Select
          className="gw-pg-model"
          showSearch
          value={settings.model || undefined}
          placeholder={t('playground.model_placeholder')}
          options={models.map((m) => ({ label: m, value: m }))}
          onChange={(v: string) => set('model', v)}
          notFoundContent={t('playground.no_models')}
        />
      </Form.Item>
      <Form.Item label={t('playground.temperature', { value: settings.temperature })}>
        <Slider
          className="gw-pg-temperature"
          min={TEMPERATURE.min}
          max={TEMPERATURE.max}
          step={TEMPERATURE.step}
          value={Math.max(settings.temperature, TEMPERATURE.min)}
          onChange={(v) => set('temperature', snapTemperature(Number(v)))}
        />
      </Form.Item>
      <Form.Item label={t('playground.max_tokens')} extra={<Typography.Text type="secondary">{t('playground.max_tokens_hint')}</Typography.Text>}>
        <InputNumber
          className="gw-pg-max-tokens"
          min={0}
          step={1}
          precision={0}
          value={settings.maxTokens}
          onChange={(v) => set('maxTokens', parseMaxTokens(v))}
        />
      </Form.Item>
      <Form.Item label={t('playground.system_prompt')}>
        <Input.TextArea
          className="gw-pg-system"
          autoSize={{ minRows: 3, maxRows: 10 }}
          placeholder={t('playground.system_prompt_placeholder')}
          value={settings.systemPrompt}
          onChange={(v) => set('systemPrompt', v)}
        />
      </Form.Item>
    </Form>
  );
}
