import { Alert, Checkbox, Form, Input, Link, Select } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import { CHANNEL_TYPES, channelTypeInfo, checkChannelRegions, isValidJson, otherIsDestination } from '@gw/shared';
import { requiredRule } from '@gw/web';
import { batchCreateCount } from '../channel-form';
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

/**
 * Type, name, address, type-specific `other`, key and organization (docs/channel-types.md). What
 * differs by type (note, address field, `other`, organization) is on the type's row in libs/shared.
 */
export function BasicFields({ type, keyText, isNew, batch, onBatch, locked, reveal }: Props) {
  const { t } = useTranslation();
  const info = channelTypeInfo(type);
  const other = info?.other;
  const fullUrl = info?.baseUrlField === 'full';
  const batchCount = batchCreateCount(keyText, type);
  /** A JSON-map `other` (Vertex regions): JSON when it starts with "{", and every region a valid name (libs/shared rule). */
  const jsonMapError = (v: string | undefined): string | undefined => {
    const text = v?.trim() ?? '';
    if (text.startsWith('{') && !isValidJson(text)) return t('channel.other_invalid');
    return checkChannelRegions(type, { other: text }) ? t('channel.region_invalid') : undefined;
  };
  return (
    <>
      {locked && <Alert type="warning" className="gw-credentials-locked" style={{ marginBottom: 16 }} content={t('channel.credentials_root_only')} />}
      <Form.Item field="type" label={t('channel.type')} rules={[{ required: true }]} disabled={locked}>
        <Select showSearch className="gw-channel-type" options={CHANNEL_TYPES.map((c) => ({ label: `${c.name} (${c.id})`, value: c.id }))} />
      </Form.Item>
      {info?.noteKey && (
        <Alert
          type="info"
          style={{ marginBottom: 16 }}
          content={
            info.noteLink ? (
              <span>
                {t(info.noteKey)}{' '}
                <Link href={info.noteLink} target="_blank" rel="noreferrer">
                  {info.noteLink}
                </Link>
              </span>
            ) : (
              t(info.noteKey)
            )
          }
        />
      )}
      <Form.Item field="name" label={t('channel.name')} rules={[requiredRule('channel.name_key_required')]}>
        <Input placeholder={t('channel.name_placeholder')} className="gw-channel-name-input" />
      </Form.Item>
      {info?.baseUrlField !== 'none' && (
        <Form.Item
          field="base_url"
          label={fullUrl ? t('channel.base_url_full') : t('channel.base_url')}
          extra={fullUrl ? t('channel.base_url_full_hint') : t('channel.base_url_hint')}
          disabled={locked}
        >
          <Input className="gw-channel-base-url" placeholder={info?.baseUrl || t('channel.base_url_placeholder')} />
        </Form.Item>
      )}
      {other && (
        <Form.Item
          field="other"
          label={t(other.labelKey)}
          disabled={locked && otherIsDestination(type)}
          rules={other.jsonMap ? [{ validator: (v: string | undefined, cb: (e?: string) => void) => cb(jsonMapError(v)) }] : undefined}
        >
          {other.jsonMap ? (
            <Input.TextArea className="gw-mono" autoSize={{ minRows: 2, maxRows: 6 }} placeholder={other.placeholder ?? other.default} />
          ) : (
            <Input placeholder={other.placeholder ?? other.default} />
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
      {info?.organization && (
        <Form.Item field="openai_organization" label={t('channel.organization')} disabled={locked}>
          <Input placeholder={t('channel.organization_placeholder')} />
        </Form.Item>
      )}
    </>
  );
}
