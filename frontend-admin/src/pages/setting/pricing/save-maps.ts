import { Message } from '@arco-design/web-react';
import { tr } from '@gw/web';
import { saveOptions } from '../option-api';
import { saveOutcome, type OptionChange } from '../option-save';
import { changedMaps, type PriceMaps } from './pricing';

/** Saves the price maps that changed; answers whether anything was saved. */
export async function saveMaps(before: PriceMaps, after: PriceMaps): Promise<boolean> {
  const changes = changedMaps(before, after) as OptionChange[];
  if (!changes.length) {
    Message.warning(tr('error.no_change'));
    return false;
  }
  const result = await saveOptions(changes);
  const outcome = saveOutcome(result.ok.length, result.failed.length);
  if (outcome === 'saved') Message.success(tr('common.saved'));
  else Message.error(tr(outcome === 'partial' ? 'error.partial_save_failed' : 'error.save_failed'));
  return result.ok.length > 0;
}
