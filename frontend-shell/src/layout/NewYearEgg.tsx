import { useEffect, useState } from 'react';
import { Button, Tooltip } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import { isNewYearsDay } from './new-year';

const PIECES = ['🎉', '✨', '🎊', '🧧', '✨', '🎉', '🎊', '✨'];

/** On 1 January (local time) the top bar shows a party popper; a click sets off a short burst of confetti. */
export function NewYearEgg() {
  const { t } = useTranslation();
  const [burst, setBurst] = useState(0);
  useEffect(() => {
    if (!burst) return;
    const timer = setTimeout(() => setBurst(0), 2500);
    return () => clearTimeout(timer);
  }, [burst]);
  if (!isNewYearsDay(new Date())) return null;
  const greeting = t('newyear.greeting', { year: new Date().getFullYear() });
  return (
    <>
      <Tooltip content={greeting}>
        <Button className="gw-new-year" shape="circle" type="text" aria-label={greeting} onClick={() => setBurst(Date.now())}>
          🎉
        </Button>
      </Tooltip>
      {burst > 0 && (
        <div className="gw-confetti" key={burst} aria-hidden="true">
          {PIECES.map((p, i) => (
            <span key={i} style={{ left: `${8 + i * 12}%`, animationDelay: `${(i % 4) * 120}ms` }}>
              {p}
            </span>
          ))}
        </div>
      )}
    </>
  );
}
