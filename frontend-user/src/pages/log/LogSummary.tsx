import { Space, Spin, Tag, Tooltip } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import { renderQuota, type LogRecord, type LogStat } from '@gw/shared';
import { quotaDisplay, useStatus } from '@gw/web';

/**
 * Consumed quota, total / input / output tokens, RPM and TPM. Token sums come from the stat call when it
 * reports them, otherwise from the rows on this page (marked as such).
 */
export function LogSummary({ stat, rows, loading }: { stat: LogStat | null; rows: LogRecord[]; loading: boolean }) {
  const { t } = useTranslation();
  const display = quotaDisplay(useStatus());
  const fromStat = stat?.prompt_tokens !== undefined && stat?.completion_tokens !== undefined;
  const prompt = fromStat ? Number(stat?.prompt_tokens) : rows.reduce((s, r) => s + (r.prompt_tokens || 0), 0);
  const completion = fromStat ? Number(stat?.completion_tokens) : rows.reduce((s, r) => s + (r.completion_tokens || 0), 0);
  const tokens = (label: string, value: number) => {
    const tag = (
      <Tag color="arcoblue" size="large">
        {label}: {value}
      </Tag>
    );
    return fromStat ? tag : <Tooltip content={t('log.stat_page_hint')}>{tag}</Tooltip>;
  };
  return (
    <Spin loading={loading} style={{ display: 'block', marginBottom: 12 }}>
      <Space wrap className="gw-log-summary">
        <Tag color="green" size="large" className="gw-stat-quota">
          {t('log.stat_quota')}: {renderQuota(stat?.quota ?? 0, display)}
        </Tag>
        {tokens(t('log.stat_tokens'), prompt + completion)}
        {tokens(t('log.stat_prompt'), prompt)}
        {tokens(t('log.stat_completion'), completion)}
        <Tag color="orange" size="large" className="gw-stat-rpm">
          {t('log.rpm')}: {stat?.rpm ?? 0}
        </Tag>
        <Tag color="purple" size="large" className="gw-stat-tpm">
          {t('log.tpm')}: {stat?.tpm ?? 0}
        </Tag>
      </Space>
    </Spin>
  );
}
