import { Alert, Checkbox, Form, Input, Link, Select } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import { CHANNEL_TYPES, ChannelType, channelTypeInfo, checkChannelRegions, isValidJson, otherIsDestination } from '@gw/shared';
import { requiredRule } from '@gw/web';
import { batchCreateCount } from '../channel-form';
import { FULL_URL_TYPE, INVITE_LINK, NO_BASE_URL_TYPES, TYPE_NOTE, TYPE_OTHER_FIELD } from '../channel-type-rules';
import { KeyField } from './KeyField';

interface Props {
  type: number;
  keyText: string;
  isNew: boolean;
  batch: boolean;
  onBatch: (v: boolean) => void;
  /** Editing as a non-root admin: the fields that decide where the key goes are read-only. */
  locked: boolean;
  /** Root editing an existing channel whose key is not shown yet. */
  reveal?: { onClick: () => void; loading: boolean };
}

const OTHER_PLACEHOLDER: Record<number, string> = {
  [ChannelType.Azure]: '2025-04-01-preview',
  [ChannelType.Spark]: channelTypeInfo(ChannelType.Spark)?.defaultOther ?? '',
  [ChannelType.VertexAI]: '{"default": "us-central1", "claude-3-5-sonnet-20240620": "europe-west1"}',
};

/** Type, name, address, type-specific `other`, key and organization (docs/channel-types.md). */
export function BasicFields({ type, keyText, isNew, batch, onBatch, locked, reveal }: Props) {
  const { t } = useTranslation();
  const note = TYPE_NOTE[type];
  const otherLabel = TYPE_OTHER_FIELD[type];
  const batchCount = batchCreateCount(keyText, type);
  /** Vertex `other`: JSON when it starts with "{", and every region a valid name (libs/shared rule). */
  const regionError = (v: string | undefined): string | undefined => {
    const text = v?.trim() ?? '';
    if (text.startsWith('{') && !isValidJson(text)) return t('channel.other_invalid');
    return checkChannelRegions(ChannelType.VertexAI, { other: text }) ? t('channel.region_invalid') : undefined;
  };
  return (
    <>
      {locked && <Alert type="warning" className="gw-credentials-locked" style={{ marginBottom: 16 }} content={t('channel.credentials_root_only')} />}
      <Form.Item field="type" label={t('channel.type')} rules={[{ required: true }]} disabled={locked}>
        <Select showSearch className="gw-channel-type" options={CHANNEL_TYPES.map((c) => ({ label: `${c.name} (${c.id})`, value: c.id }))} />
      </Form.Item>
      {note && (
        <Alert
          type="info"
          style={{ marginBottom: 16 }}
          content={
            type === ChannelType.SiliconFlow ? (
              <span>
                {t(note)}{' '}
                <Link href={INVITE_LINK} target="_blank" rel="noreferrer">
                  {INVITE_LINK}
                </Link>
              </span>
            ) : (
              t(note)
            )
          }
        />
      )}
      <Form.Item field="name" label={t('channel.name')} rules={[requiredRule('channel.name_key_required')]}>
        <Input placeholder={t('channel.name_placeholder')} className="gw-channel-name-input" />
      </Form.Item>
      {!NO_BASE_URL_TYPES.has(type) && (
        <Form.Item
          field="base_url"
          label={type === FULL_URL_TYPE ? t('channel.base_url_full') : t('channel.base_url')}
          extra={type === FULL_URL_TYPE ? t('channel.base_url_full_hint') : t('channel.base_url_hint')}
          disabled={locked}
        >
          <Input className="gw-channel-base-url" placeholder={channelTypeInfo(type)?.baseUrl || t('channel.base_url_placeholder')} />
        </Form.Item>
      )}
      {otherLabel && (
        <Form.Item
          field="other"
          label={t(otherLabel)}
          disabled={locked && otherIsDestination(type)}
          rules={type === ChannelType.VertexAI ? [{ validator: (v: string | undefined, cb: (e?: string) => void) => cb(regionError(v)) }] : undefined}
        >
          {type === ChannelType.VertexAI ? (
            <Input.TextArea className="gw-mono" autoSize={{ minRows: 2, maxRows: 6 }} placeholder={OTHER_PLACEHOLDER[type]} />
          ) : (
            <Input placeholder={OTHER_PLACEHOLDER[type]} />
          )}
        </Form.Item>
      )}
      <Form.Item field="key" label={t('channel.key')} rules={isNew ? [requiredRule('channel.name_key_required')] : undefined}>
        <KeyField type={type} isNew={isNew} locked={locked} reveal={reveal} />
      </Form.Item>
      {isNew && batchCount > 0 && (
        <Checkbox checked={batch} onChange={onBatch} className="gw-batch-create" style={{ marginBottom: 16 }}>
          {t('channel.batch_create', { count: batchCount })}
        </Checkbox>
      )}
      {type === ChannelType.OpenAI && (
        <Form.Item field="openai_organization" label={t('channel.organization')} disabled={locked}>
          <Input placeholder={t('channel.organization_placeholder')} />
        </Form.Item>
      )}
    </>
  );
}
