import { callerPricing, groupRatioOf, reservationQuota, type ModelPricing, type Settings } from '@gw/shared';
import { isGroupUsable } from '../../user/usable-groups';
import { RelayError } from '../http/relay-error';
import { estimateTokens } from '../metering/prompt-parts';
import type { RelayCaller } from './relay-caller';
import type { RelayRequest } from './relay-request';

/** The price of a request, decided before any channel is touched. */
export interface Admission {
  readonly pricing: ModelPricing;
  readonly groupRatio: number;
  /** What to reserve before the upstream call. */
  readonly reserve: number;
  /** The prompt estimate behind `reserve`. */
  readonly promptEstimate: number;
  /** The prompt part of `reserve`: what a request interrupted by a crash is charged. */
  readonly promptQuota: number;
  /** Costs nothing whatever the usage (ratio or price 0): no balance needed. */
  readonly free: boolean;
}

function isFree(p: ModelPricing, groupRatio: number): boolean {
  return groupRatio === 0 || (p.kind === 'call' ? p.modelPrice === 0 : p.modelRatio === 0);
}

/**
 * The policy checks every priced call passes (chat relay and task actions alike): the token may use
 * the model, the group is the user's to use, and the model has a price (or unpriced models are
 * accepted). Answers the pricing and the group ratio.
 */
export function admitModel(caller: RelayCaller, model: string, s: Settings): { pricing: ModelPricing; groupRatio: number } {
  if (caller.token?.modelLimits && !caller.token.modelLimits.has(model)) {
    throw RelayError.denied('relay.model_forbidden', 'model_not_allowed', { model });
  }
  const groupKnown =
    caller.group === caller.user.group || Object.prototype.hasOwnProperty.call(s.GroupRatio, caller.group);
  if (!groupKnown || !isGroupUsable(caller.user.group, caller.group, s.UserUsableGroups)) {
    throw RelayError.denied('relay.group_forbidden', 'group_forbidden', { group: caller.group });
  }
  // Self-use mode serves unpriced models free; a user who accepts them pays the operator's UnsetModelRatio.
  const pricing = callerPricing(model, s, caller.user.acceptUnpriced);
  if (!pricing) throw RelayError.denied('relay.model_unpriced', 'model_price_not_set', { model });
  return { pricing, groupRatio: groupRatioOf(caller.group, s.GroupRatio) };
}

/** admitModel, then the reservation the request needs. */
export function admit(caller: RelayCaller, req: RelayRequest, s: Settings): Admission {
  const { pricing, groupRatio } = admitModel(caller, req.model, s);
  const promptEstimate = estimateTokens(req.prompt);
  const reserve = reservationQuota(pricing, groupRatio, {
    promptTokens: promptEstimate,
    maxCompletionTokens: req.maxCompletionTokens,
    preConsumedTokens: s.PreConsumedQuota,
    quotaPerUnit: s.QuotaPerUnit,
    calls: req.calls,
  });
  const free = isFree(pricing, groupRatio);
  // A balance at or below zero (overage of earlier requests) admits nothing that costs.
  if (!free && caller.user.quota <= 0) {
    throw RelayError.quotaExhausted('relay.user_quota_exhausted');
  }
  const promptQuota =
    pricing.kind === 'call'
      ? reserve
      : Math.min(
          reserve,
          reservationQuota(pricing, groupRatio, {
            promptTokens: promptEstimate,
            maxCompletionTokens: 0,
            preConsumedTokens: 0,
            quotaPerUnit: s.QuotaPerUnit,
          }),
        );
  return { pricing, groupRatio, reserve, promptEstimate, promptQuota, free };
}
