/** Query schemas of the drawing and task logs: defined once in libs/shared (schemas/task-log.ts). */
import type { drawingLogSelfQuerySchema, taskLogSelfQuerySchema } from '@gw/shared';
import type { z } from 'zod';

export { drawingLogQuerySchema, drawingLogSelfQuerySchema, taskLogQuerySchema, taskLogSelfQuerySchema } from '@gw/shared';
export type { DrawingLogQuery, TaskLogQuery } from '@gw/shared';

export type DrawingLogSelfQuery = z.infer<typeof drawingLogSelfQuerySchema>;
export type TaskLogSelfQuery = z.infer<typeof taskLogSelfQuerySchema>;
