import type { RulesProps } from '@arco-design/web-react';
import { isValidJson } from '@gw/shared';
import { tr } from './i18n';

/**
 * Arco Form rules from the shared rule functions, which answer a message key or null. The text is
 * looked up when the rule runs, so it follows the current language.
 */
export function ruleFrom<V>(check: (value: V) => string | null): RulesProps {
  return {
    validator: (value: V, callback: (error?: string) => void) => {
      const key = check(value);
      callback(key ? tr(key) : undefined);
    },
  };
}

/** Required field with a translated message. */
export function requiredRule(key: string): RulesProps {
  return { required: true, validator: (v: unknown, cb: (e?: string) => void) => cb(v === undefined || v === null || String(v).trim() === '' ? tr(key) : undefined) };
}

/** Optional JSON text: empty is allowed, otherwise it must parse. `label` names the field in the message. */
export function jsonRule(label: string): RulesProps {
  return {
    validator: (v: string | undefined, cb: (e?: string) => void) =>
      cb(v && v.trim() && !isValidJson(v) ? `${label} ${tr('error.invalid_json')}` : undefined),
  };
}
