import { useEffect, useRef, useState } from 'react';
import { InputNumber, Space, Tag, Tooltip } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import { channelTypeInfo, renderQuota, type ChannelHealth, type ChannelRecord } from '@gw/shared';
import { formatTimestamp, quotaDisplay, useStatus } from '@gw/web';
import {
  channelStatusInfo,
  formatSeconds,
  HEALTH_TAG,
  LEVEL_COLOR,
  percent,
  responseTimeLevel,
} from './channel-display';

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

/**
 * This server's circuit breaker of the channel (null while health routing is off): a tag by state,
 * the window's figures and, for multi-key channels, each key's state in a tooltip.
 */
export function HealthTag({ health }: { health?: ChannelHealth | null }) {
  const { t } = useTranslation();
  if (!health) return null;
  const info = HEALTH_TAG[health.state];
  const line = (h: Omit<ChannelHealth, 'keys'>) =>
    t('channel.health_figures', {
      requests: h.requests,
      rate: percent(h.error_rate),
      latency: h.latency_ms === null ? '-' : t('channel.health_ms', { ms: h.latency_ms }),
    });
  const tip = (
    <div className="gw-health-tip">
      <div>{line(health)}</div>
      {health.open_until !== null && (
        <div>{t('channel.health_open_until', { time: formatTimestamp(health.open_until) })}</div>
      )}
      {health.keys.map((k) => (
        <div key={k.index}>
          {t('channel.health_key', { index: k.index + 1, state: t(HEALTH_TAG[k.state].key) })} · {line(k)}
        </div>
      ))}
      <div className="gw-small">{t('channel.health_per_node')}</div>
    </div>
  );
  return (
    <Tooltip content={tip}>
      <Tag color={info.color} className="gw-channel-health" data-state={health.state}>
        {t(info.key)}
      </Tag>
    </Tooltip>
  );
}

/** Response-time badge (0 untested, ≤1 s green, ≤3 s lime, ≤5 s yellow, else red). */
export function ResponseTime({ channel }: { channel: ChannelRecord }) {
  const { t } = useTranslation();
  const level = responseTimeLevel(channel.response_time);
  const text =
    level === 'untested' ? t('channel.untested') : t('channel.seconds', { s: formatSeconds(channel.response_time) });
  return (
    <Tooltip
      content={
        channel.test_time ? t('channel.tested_at', { time: formatTimestamp(channel.test_time) }) : t('channel.untested')
      }
    >
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
export function InlineNumber({
  value,
  min,
  onSave,
  className,
}: {
  value: number | null;
  min?: number;
  onSave: (v: number) => void;
  className?: string;
}) {
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
