import { useTranslation } from 'react-i18next';

/** The picture behind the ratios help icon: how the ratios combine into a charge. */
export function RatioDiagram({ quotaPerUnit }: { quotaPerUnit: number }) {
  const { t } = useTranslation();
  const box = (x: number, w: number, label: string, fill: string) => (
    <g>
      <rect x={x} y={10} width={w} height={44} rx={6} fill={fill} opacity={0.18} stroke={fill} />
      <text x={x + w / 2} y={37} textAnchor="middle" fontSize={12} fill="currentColor">
        {label}
      </text>
    </g>
  );
  const op = (x: number, sign: string) => (
    <text x={x} y={38} textAnchor="middle" fontSize={16} fill="currentColor">
      {sign}
    </text>
  );
  return (
    <svg className="gw-pricing-diagram" width={700} height={104} viewBox="0 0 700 104" role="img" aria-label={t('pricing.help')}>
      {box(0, 90, t('pricing.diagram_group'), '#165dff')}
      {op(100, '×')}
      {box(110, 90, t('pricing.diagram_model'), '#00b42a')}
      {op(210, '×')}
      {box(220, 250, t('pricing.diagram_tokens'), '#ff7d00')}
      {op(485, '÷')}
      {box(500, 60, String(quotaPerUnit), '#86909c')}
      {op(572, '=')}
      {box(584, 110, t('pricing.diagram_result'), '#f53f3f')}
      <text x={0} y={88} fontSize={12} fill="currentColor">
        {t('pricing.diagram_call')}
      </text>
    </svg>
  );
}
