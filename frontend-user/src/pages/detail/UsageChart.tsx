import { useEffect, useRef, useState } from 'react';
import type { EChartsCoreOption } from 'echarts/core';

type ECharts = typeof import('./echarts-setup')['echarts'];
const loadECharts = (): Promise<ECharts> => import('./echarts-setup').then((m) => m.echarts);

/** The console's theme, as Arco sets it: `body[arco-theme=dark]`. */
function useDarkMode(): boolean {
  const read = () => document.body.getAttribute('arco-theme') === 'dark';
  const [dark, setDark] = useState(read);
  useEffect(() => {
    const observer = new MutationObserver(() => setDark(read()));
    observer.observe(document.body, { attributes: true, attributeFilter: ['arco-theme'] });
    return () => observer.disconnect();
  }, []);
  return dark;
}

/**
 * One ECharts chart: built with ECharts' dark theme while the console is dark (rebuilt when the theme
 * changes), resized with its box, and given `option` whenever it changes.
 */
export function UsageChart({ option, height = 320, testId }: { option: EChartsCoreOption; height?: number; testId: string }) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<ReturnType<ECharts['init']> | null>(null);
  const dark = useDarkMode();
  const [ready, setReady] = useState(0);

  useEffect(() => {
    let disposed = false;
    let resize: ResizeObserver | undefined;
    void loadECharts().then((echarts) => {
      if (disposed || !box.current) return;
      chart.current = echarts.init(box.current, dark ? 'dark' : undefined);
      resize = new ResizeObserver(() => chart.current?.resize());
      resize.observe(box.current);
      setReady((n) => n + 1);
    });
    return () => {
      disposed = true;
      resize?.disconnect();
      chart.current?.dispose();
      chart.current = null;
    };
  }, [dark]);

  useEffect(() => {
    chart.current?.setOption({ backgroundColor: 'transparent', ...option }, { notMerge: true });
  }, [option, ready]);

  return <div ref={box} data-testid={testId} style={{ width: '100%', height }} />;
}
