/** User administration, self service, invites, check-in and the wallet (docs/console-api.md). */
import {
  affTransferSchema,
  createUserSchema,
  manageUserSchema,
  oauthBindingSchema,
  redeemResultSchema,
  redeemSchema,
  searchUserSchema,
  topUpCheckoutSchema,
  topUpInfoSchema,
  topUpPaySchema,
  topUpQuoteSchema,
  topUpViewSchema,
  updateSelfSchema,
  updateUserSchema,
  userGroupMapSchema,
  userSettingSchema,
  userViewSchema,
} from '@gw/shared';
import { z } from 'zod';
import { pagingSchema } from '../../../common/http/paging';
import { data, OK, paged, STRING, STRINGS, type Contract } from '../route-doc';

const quota = z.strictObject({ quota: z.number().int() });

export const userRoutes: Contract = {
  'GET /api/user': { tag: 'users', summary: 'List users', query: pagingSchema, response: paged(userViewSchema) },
  'GET /api/user/search': { tag: 'users', summary: 'Search users by name, e-mail or id, and group', query: pagingSchema.extend(searchUserSchema.shape), response: paged(userViewSchema) },
  'GET /api/user/:id': { tag: 'users', summary: 'One user', response: data(userViewSchema) },
  'POST /api/user': { tag: 'users', summary: 'Create a user', body: createUserSchema, response: OK },
  'PUT /api/user': { tag: 'users', summary: 'Edit a user (quota: docs/admin-quota.md)', body: updateUserSchema, response: data(userViewSchema) },
  'POST /api/user/manage': {
    tag: 'users',
    summary: 'Promote, demote, disable, enable or delete a user',
    body: manageUserSchema,
    response: data(z.strictObject({ role: z.number().int(), status: z.number().int() })),
  },

  'GET /api/user/oauth/bindings': { tag: 'self', summary: "The caller's bound third-party accounts (new-api's shape)", response: data(z.array(oauthBindingSchema)) },
  'GET /api/user/self': { tag: 'self', summary: 'The signed-in user', response: data(userViewSchema) },
  'PUT /api/user/self': { tag: 'self', summary: 'Change own name or password', body: updateSelfSchema, response: OK },
  'DELETE /api/user/self': { tag: 'self', summary: 'Delete own account (not root)', response: OK },
  'GET /api/user/token': { tag: 'self', summary: 'A new access token for the API (replaces the old one)', response: STRING },
  'PUT /api/user/setting': { tag: 'self', summary: 'Notification settings', body: userSettingSchema, response: OK },
  'GET /api/user/self/groups': { tag: 'self', summary: 'Groups the caller may use, with descriptions and ratios', response: data(userGroupMapSchema) },
  'GET /api/user/models': { tag: 'self', summary: "Models the caller's group may use", response: STRINGS },
  'GET /api/user/aff': { tag: 'invite', summary: 'Own invite code (created on first call)', response: STRING },
  'POST /api/user/aff_transfer': { tag: 'invite', summary: 'Move invite earnings to the balance; data is the new balance', body: affTransferSchema, response: data(quota) },
  'GET /api/user/check_in_status': { tag: 'check-in', summary: 'Whether the caller may check in today', response: data(z.strictObject({ can_check_in: z.boolean() })) },
  'POST /api/user/check_in': { tag: 'check-in', summary: "Today's check-in; data is the quota granted", response: data(quota) },

  'POST /api/user/topup': { tag: 'wallet', summary: 'Redeem a code', body: redeemSchema, response: data(redeemResultSchema) },
  'POST /api/user/amount': { tag: 'wallet', summary: 'What an online top-up of `amount` costs (two decimals)', body: topUpQuoteSchema, response: STRING },
  'POST /api/user/pay': {
    tag: 'wallet',
    summary: 'Open an online top-up order: post data (the form fields) to the top-level url',
    body: topUpPaySchema,
    response: data(topUpCheckoutSchema.shape.params).extend({ url: topUpCheckoutSchema.shape.url }),
  },
  'GET /api/user/topup/info': { tag: 'wallet', summary: "The wallet's configuration in new-api's shape (docs/newapi-compat.md)", response: data(topUpInfoSchema) },
  'GET /api/user/topup/self': { tag: 'wallet', summary: "The caller's online top-ups", query: pagingSchema, response: paged(topUpViewSchema) },
  'GET /api/user/epay/notify': { tag: 'wallet', summary: "The payment gateway's notification (answers its plain-text acknowledgement)", response: 'text' },
  'POST /api/user/epay/notify': { tag: 'wallet', summary: "The payment gateway's notification as a form post", bodyType: 'application/x-www-form-urlencoded', response: 'text' },
  'GET /api/user/epay/return': { tag: 'wallet', summary: "The browser's return from the gateway: 302 to the wallet page", response: 'redirect' },
};
