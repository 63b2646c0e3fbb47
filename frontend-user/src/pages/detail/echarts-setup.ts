/**
 * The parts of ECharts the dashboard draws with, registered once. Imported only by UsageChart's dynamic
 * import, so the chart library is its own chunk, fetched when the dashboard first draws.
 */
import { BarChart, LineChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';

echarts.use([BarChart, LineChart, PieChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

export { echarts };
