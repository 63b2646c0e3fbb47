/** Tokens, logs, the dashboard, options and redemption codes (docs/console-api.md). */
import {
  createRedemptionSchema,
  createTokenSchema,
  drawingLogQuerySchema,
  drawingLogSelfQuerySchema,
  drawingRecordSchema,
  logDeleteSchema,
  logFilterSchema,
  logListSchema,
  logRecordSchema,
  logStatSchema,
  optionItemSchema,
  optionUpdateSchema,
  quotaDataQuerySchema,
  quotaDataRowSchema,
  redemptionIdsSchema,
  redemptionNameQuerySchema,
  redemptionRecordSchema,
  redemptionSearchSchema,
  taskLogQuerySchema,
  taskLogSelfQuerySchema,
  taskRecordSchema,
  tokenKeySchema,
  tokenRecordSchema,
  tokenSearchSchema,
  updateRedemptionSchema,
  updateTokenSchema,
} from '@gw/shared';
import { z } from 'zod';
import { pagingSchema } from '../../../common/http/paging';
import { COUNT, data, OK, paged, STRINGS, type Contract } from '../route-doc';

const statusOnly = z.object({ status_only: z.enum(['true', 'false']).optional().describe('true: only `status` changes.') });
const token = data(tokenRecordSchema);
const redemption = data(redemptionRecordSchema);
const usage = data(z.array(quotaDataRowSchema));

export const consoleRoutes: Contract = {
  'GET /api/token': { tag: 'tokens', summary: "The caller's tokens (page size: page_size or size)", query: pagingSchema, response: paged(tokenRecordSchema) },
  'GET /api/token/search': { tag: 'tokens', summary: 'Search own tokens by name or a fragment of the key', query: tokenSearchSchema, response: paged(tokenRecordSchema) },
  'GET /api/token/:id': { tag: 'tokens', summary: 'One own token', response: token },
  'POST /api/token/:id/key': { tag: 'tokens', summary: "Reveal one of the caller's keys (without sk-)", response: data(tokenKeySchema) },
  'POST /api/token': {
    tag: 'tokens',
    summary: 'Create a token (count: several at once, answered as a list)',
    body: createTokenSchema,
    response: data(z.union([tokenRecordSchema, z.array(tokenRecordSchema)])),
  },
  'PUT /api/token': { tag: 'tokens', summary: 'Edit an own token', query: statusOnly, body: updateTokenSchema, response: token },
  'DELETE /api/token/:id': { tag: 'tokens', summary: 'Delete an own token', response: OK },

  'GET /api/log': { tag: 'logs', summary: "Every user's log rows", query: logListSchema, response: paged(logRecordSchema) },
  'GET /api/log/stat': { tag: 'logs', summary: 'Sums over the filter', query: logFilterSchema, response: data(logStatSchema) },
  'DELETE /api/log': { tag: 'logs', summary: 'Delete rows older than target_timestamp; data is how many', query: logDeleteSchema, response: COUNT },
  'GET /api/log/self': { tag: 'logs', summary: "The caller's log rows (username and channel ignored)", query: logListSchema, response: paged(logRecordSchema) },
  'GET /api/log/self/stat': { tag: 'logs', summary: "Sums over the caller's rows", query: logFilterSchema, response: data(logStatSchema) },

  'GET /api/mj': { tag: 'logs', summary: "Every user's drawing tasks (times in ms)", query: drawingLogQuerySchema, response: paged(drawingRecordSchema) },
  'GET /api/mj/self': { tag: 'logs', summary: "The caller's drawing tasks (channel_id ignored)", query: drawingLogSelfQuerySchema, response: paged(drawingRecordSchema) },
  'GET /api/task': { tag: 'logs', summary: "Every user's asynchronous tasks (times in s)", query: taskLogQuerySchema, response: paged(taskRecordSchema) },
  'GET /api/task/self': { tag: 'logs', summary: "The caller's asynchronous tasks", query: taskLogSelfQuerySchema, response: paged(taskRecordSchema) },

  'GET /api/data': { tag: 'dashboard', summary: "Usage aggregates of every user, or one user's (username)", query: quotaDataQuerySchema, response: usage },
  'GET /api/data/self': { tag: 'dashboard', summary: "The caller's usage aggregates", query: quotaDataQuerySchema, response: usage },

  'GET /api/option': { tag: 'options', summary: 'Every option except the secret ones', response: data(z.array(optionItemSchema)) },
  'PUT /api/option': { tag: 'options', summary: 'Set one option (docs/options.md)', body: optionUpdateSchema, response: OK },
  'POST /api/option/rest_model_ratio': { tag: 'options', summary: 'Reset the price tables to the built-in ones', response: OK },
  'GET /api/group': { tag: 'options', summary: 'Group names (GroupRatio keys)', response: STRINGS },

  'GET /api/redemption': { tag: 'redemption', summary: 'List redemption codes', query: pagingSchema, response: paged(redemptionRecordSchema) },
  'GET /api/redemption/search': { tag: 'redemption', summary: 'Search by id or name', query: redemptionSearchSchema, response: paged(redemptionRecordSchema) },
  'GET /api/redemption/count-by-name': { tag: 'redemption', summary: 'How many codes carry this exact name', query: redemptionNameQuerySchema, response: COUNT },
  'GET /api/redemption/:id': { tag: 'redemption', summary: 'One code', response: redemption },
  'POST /api/redemption': { tag: 'redemption', summary: 'Create codes; data is the new keys', body: createRedemptionSchema, response: STRINGS },
  'PUT /api/redemption': { tag: 'redemption', summary: 'Edit a code', query: statusOnly, body: updateRedemptionSchema, response: redemption },
  'PUT /api/redemption/batch-disable': { tag: 'redemption', summary: 'Disable codes by id', body: redemptionIdsSchema, response: COUNT },
  'DELETE /api/redemption/:id': { tag: 'redemption', summary: 'Delete a code', response: OK },
  'DELETE /api/redemption/delete-disabled': { tag: 'redemption', summary: 'Delete disabled, used, used-up and expired codes', response: COUNT },
  'DELETE /api/redemption/delete-by-name': { tag: 'redemption', summary: 'Delete every code of this exact name', query: redemptionNameQuerySchema, response: COUNT },
};
