import { useEffect, useRef, useState } from 'react';
import { InputNumber, Space, Tag, Tooltip } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import { channelTypeInfo, renderQuota, type ChannelRecord } from '@gw/shared';
import { formatTimestamp, quotaDisplay, useStatus } from '@gw/web';
import { channelStatusInfo, formatSeconds, LEVEL_COLOR, responseTimeLevel } from './channel-display';

/** Status tag; an auto-disabled channel explains why and when in a tooltip. */
export function StatusTag({ channel }: { channel: ChannelRecord }) {
  const { t } = useTranslation();
  const info = channelStatusInfo(channel.status, channel.other_info);
  const tag = (
    <Tag color={info.color} className="gw-channel-status">
      {t(info.key)}
    </Tag>
  );
  if (info.key !== 'channel.status_auto_disabled') return tag;
  const tip = (
    <div className="gw-status-tip">
      <div>{t('channel.status_reason', { reason: info.reason || t('common.unknown') })}</div>
      <div>{t('channel.status_time', { time: info.time ? formatTimestamp(info.time) : '-' })}</div>
    </div>
  );
  return <Tooltip content={tip}>{tag}</Tooltip>;
}

/** Response-time badge (0 untested, ≤1 s green, ≤3 s lime, ≤5 s yellow, else red). */
export function ResponseTime({ channel }: { channel: ChannelRecord }) {
  const { t } = useTranslation();
  const level = responseTimeLevel(channel.response_time);
  const text = level === 'untested' ? t('channel.untested') : t('channel.seconds', { s: formatSeconds(channel.response_time) });
  return (
    <Tooltip content={channel.test_time ? t('channel.tested_at', { time: formatTimestamp(channel.test_time) }) : t('channel.untested')}>
      <Tag color={LEVEL_COLOR[level]} className="gw-response-time" data-level={level}>
        {text}
      </Tag>
    </Tooltip>
  );
}

export function TypeTag({ type }: { type: number }) {
  return <Tag color="arcoblue">{channelTypeInfo(type)?.name ?? `#${type}`}</Tag>;
}

export function GroupTags({ group }: { group: string }) {
  const groups = (group || '').split(',').filter(Boolean);
  return (
    <Space wrap size={4}>
      {groups.map((g) => (
        <Tooltip key={g} content={g}>
          <Tag size="small">{g}</Tag>
        </Tooltip>
      ))}
    </Space>
  );
}

/** Used quota and the provider balance; clicking the balance updates it. */
export function BalanceCell({ channel, onUpdate }: { channel: ChannelRecord; onUpdate: () => void }) {
  const { t } = useTranslation();
  const display = quotaDisplay(useStatus());
  return (
    <Space size={4} wrap>
      <Tooltip content={t('channel.used_quota')}>
        <Tag>{renderQuota(channel.used_quota || 0, display)}</Tag>
      </Tooltip>
      <Tooltip content={t('channel.click_update_balance')}>
        <Tag color="cyan" className="gw-balance" style={{ cursor: 'pointer' }} onClick={onUpdate}>
          ${(channel.balance || 0).toFixed(2)}
        </Tag>
      </Tooltip>
    </Space>
  );
}

/**
 * A number edited in place and saved on blur or Enter when it changed. `value` null shows blank
 * (a tag whose channels differ).
 */
export function InlineNumber({ value, min, onSave, className }: { value: number | null; min?: number; onSave: (v: number) => void; className?: string }) {
  const [draft, setDraft] = useState<number | undefined>(value ?? undefined);
  // Arco may report the last change and the blur in one event: read the newest draft from a ref.
  const latest = useRef(draft);
  useEffect(() => {
    setDraft(value ?? undefined);
    latest.current = value ?? undefined;
  }, [value]);
  const commit = () => {
    const next = latest.current;
    if (next === undefined || next === null || Number.isNaN(next) || next === value) return;
    onSave(next);
  };
  return (
    <InputNumber
      size="small"
      className={className}
      style={{ width: 80 }}
      value={draft}
      min={min}
      precision={0}
      onChange={(v) => {
        latest.current = v as number;
        setDraft(v as number);
      }}
      onBlur={commit}
      onKeyDown={(e) => {
        if ((e as KeyboardEvent).key === 'Enter') commit();
      }}
    />
  );
}
