import { Injectable } from '@nestjs/common';
import type { PrefillGroup, Settings } from '@gw/shared';
import { OptionService } from './option.service';

/** The pricing maps whose model names make a preset, with the preset's fixed id. */
const MODEL_PRESETS: readonly { id: number; key: 'ModelPrice' | 'ModelRatio' }[] = [
  { id: 1, key: 'ModelPrice' },
  { id: 2, key: 'ModelRatio' },
];

/**
 * GET /api/prefill_group: the channel editor's model presets in new-api's shape (docs/newapi-compat.md).
 * new-api keeps presets in a table of their own; here they are read from the options: one preset per
 * pricing map (named after its option), holding the models it prices. Nothing is stored, so the
 * presets cannot be edited through this route and carry no timestamps. Other preset kinds (tag,
 * endpoint) belong to new-api's model catalogue, which this product does not have: none.
 */
@Injectable()
export class PrefillGroupService {
  constructor(private readonly options: OptionService) {}

  list(type?: string): PrefillGroup[] {
    if (type && type !== 'model') return [];
    return modelPresets(this.options.settings);
  }
}

export function modelPresets(s: Pick<Settings, 'ModelPrice' | 'ModelRatio'>): PrefillGroup[] {
  return MODEL_PRESETS.map(({ id, key }) => ({
    id,
    name: key,
    type: 'model' as const,
    items: Object.keys(s[key]).sort(),
    description: '',
    created_time: 0,
    updated_time: 0,
  })).filter((g) => g.items.length > 0);
}
