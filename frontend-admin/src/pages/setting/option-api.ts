import type { OptionItem } from '@gw/shared';
import { api } from '@gw/web';
import { splitForSave, type OptionChange } from './option-save';

export async function fetchOptions(): Promise<Record<string, string>> {
  const items = await api.get<OptionItem[]>('/api/option/');
  return Object.fromEntries(items.map((i) => [i.key, i.value]));
}

export interface SaveResult {
  ok: OptionChange[];
  failed: Array<{ change: OptionChange; message: string }>;
}

/** One PUT per changed key: flags first, one by one, then the rest in parallel; every answer is checked. */
export async function saveOptions(changes: readonly OptionChange[]): Promise<SaveResult> {
  const result: SaveResult = { ok: [], failed: [] };
  const put = async (change: OptionChange) => {
    try {
      await api.put('/api/option/', change, { quiet: true });
      result.ok.push(change);
    } catch (e) {
      result.failed.push({ change, message: (e as Error).message });
    }
  };
  const { flags, others } = splitForSave(changes);
  for (const flag of flags) await put(flag);
  await Promise.all(others.map(put));
  return result;
}
