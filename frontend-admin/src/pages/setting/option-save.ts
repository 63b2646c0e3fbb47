/**
 * The settings save flow (docs/options.md#saving-from-the-console), as pure functions: form values ↔ option strings,
 * the list of changed keys, and the save order. Unit-tested in option-save.spec.ts.
 */
import { OPTION_DEFS, validateOptionValue, type OptionDef, type OptionKey } from '@gw/shared';

export type FieldKind = 'switch' | 'text' | 'url' | 'secret' | 'number' | 'textarea' | 'json' | 'select' | 'domains';

/** How a settings panel shows one option: its kind, bounds and choices come from the catalogue (OPTION_DEFS). */
export interface FieldDef extends FieldLayout {
  key: OptionKey;
  kind: FieldKind;
  min?: number;
  max?: number;
  step?: number;
  precision?: number;
  options?: ReadonlyArray<{ value: string; labelKey: string }>;
}

/** What a panel adds to an option beyond the catalogue: presentation only. */
export interface FieldLayout {
  /** Help text under the field. */
  extraKey?: string;
  /** Turning this switch off asks for confirmation first. */
  confirmOffKey?: string;
  /** Editable only while this switch is on. */
  enabledBy?: OptionKey;
  /** An extra rule answering a message key. */
  rule?: (value: unknown) => string | null;
  /** Label keys of an enumerated option's choices: `${choiceLabels}.${value}`. */
  choiceLabels?: string;
}

/** The input an option gets, by its catalogue entry. */
export function fieldKindOf(def: OptionDef): FieldKind {
  switch (def.kind) {
    case 'bool':
      return 'switch';
    case 'int':
    case 'float':
      return 'number';
    case 'json-object':
    case 'json-array':
      return 'json';
    default:
      if (def.secret) return 'secret';
      if (def.oneOf) return 'select';
      if (def.format === 'url' || def.outbound) return 'url';
      if (def.format === 'multiline') return 'textarea';
      if (def.format === 'domains') return 'domains';
      return 'text';
  }
}

/** A panel field for option `key`: kind, bounds, precision and choices from the catalogue, plus the layout's extras. */
export function catalogueField(key: OptionKey, layout: FieldLayout = {}): FieldDef {
  const def: OptionDef = OPTION_DEFS[key];
  const kind = fieldKindOf(def);
  const field: FieldDef = { key, kind, ...layout };
  if (kind === 'number') {
    Object.assign(field, { min: def.min, max: def.max, step: def.step, precision: def.kind === 'int' ? 0 : def.precision });
  }
  if (kind === 'select') field.options = (def.oneOf ?? []).map((value) => ({ value, labelKey: `${layout.choiceLabels ?? `opt.${key}`}.${value}` }));
  return field;
}

export interface SectionDef {
  key: string;
  titleKey: string;
  fields: FieldDef[];
  /** Checks the would-be options (current plus changes); answers a message key. */
  validate?: (next: Readonly<Record<string, string>>) => string | null;
}

export type FormValues = Record<string, unknown>;

/** Arco Form reads dots in field names as paths: option keys like oidc.enabled are escaped. */
export const fieldName = (key: string): string => key.replace(/\./g, '__');

export function currentValue(options: Readonly<Record<string, string>>, key: OptionKey): string {
  return options[key] ?? (OPTION_DEFS[key] as OptionDef).default;
}

/** A stored option string as the form control's value. Secrets are never shown back. */
export function toFormValue(kind: FieldKind, raw: string | undefined): unknown {
  switch (kind) {
    case 'switch':
      return raw === 'true';
    case 'number':
      return raw === undefined || raw.trim() === '' || !Number.isFinite(Number(raw)) ? undefined : Number(raw);
    case 'secret':
      return '';
    default:
      return raw ?? '';
  }
}

/** A form control's value as the option string sent to PUT /api/option/. */
export function toOptionString(kind: FieldKind, value: unknown): string {
  switch (kind) {
    case 'switch':
      return value ? 'true' : 'false';
    case 'number':
      return value === undefined || value === null || value === '' ? '' : String(Number(value));
    case 'url':
      return String(value ?? '').trim().replace(/\/+$/, '');
    default:
      return String(value ?? '');
  }
}

/**
 * The server's value rules for a JSON or URL field (libs/shared validateOptionValue): prices and
 * ratios finite and ≥ 0, outbound URLs public. Answers a message key and the offending map entry;
 * JSON syntax is the field's own rule, and an empty field is no change.
 */
export function optionValueProblem(f: FieldDef, value: unknown): { key: string; entry: string } | null {
  if (f.kind !== 'json' && f.kind !== 'url') return null;
  const text = toOptionString(f.kind, value);
  if (!text.trim()) return null;
  const checked = validateOptionValue(f.key, text);
  if (checked.ok || checked.error === 'not_json') return null;
  return { key: `setting.option_error.${checked.error}`, entry: checked.entry ?? '' };
}

export function initialValues(fields: readonly FieldDef[], options: Readonly<Record<string, string>>): FormValues {
  return Object.fromEntries(fields.map((f) => [fieldName(f.key), toFormValue(f.kind, currentValue(options, f.key))]));
}

export interface OptionChange {
  key: OptionKey;
  value: string;
}

/**
 * Only changed keys are saved. A secret is sent only when something was typed; URL fields lose their
 * trailing slash; an emptied number field is not a change.
 */
export function changedOptions(fields: readonly FieldDef[], options: Readonly<Record<string, string>>, values: FormValues): OptionChange[] {
  const out: OptionChange[] = [];
  for (const f of fields) {
    const next = toOptionString(f.kind, values[fieldName(f.key)]);
    if (f.kind === 'secret') {
      if (next) out.push({ key: f.key, value: next });
      continue;
    }
    if (f.kind === 'number' && next === '') continue;
    if (next !== currentValue(options, f.key)) out.push({ key: f.key, value: next });
  }
  return out;
}

/** Enabled-flag keys go first, one by one; the other keys then go in parallel. */
export function splitForSave(changes: readonly OptionChange[]): { flags: OptionChange[]; others: OptionChange[] } {
  const isFlag = (c: OptionChange) => (OPTION_DEFS[c.key] as OptionDef).kind === 'bool';
  return { flags: changes.filter(isFlag), others: changes.filter((c) => !isFlag(c)) };
}

/** The options as they would be after the changes (for section-level checks). */
export function applyChanges(options: Readonly<Record<string, string>>, changes: readonly OptionChange[]): Record<string, string> {
  const next: Record<string, string> = { ...options };
  for (const c of changes) next[c.key] = c.value;
  return next;
}

export type SaveOutcome = 'saved' | 'partial' | 'failed';

export function saveOutcome(ok: number, failed: number): SaveOutcome {
  if (failed === 0) return 'saved';
  return ok > 0 ? 'partial' : 'failed';
}
