import { Column, type ColumnOptions } from 'typeorm';

/**
 * Portable column helpers. Quota and epoch-second columns are BIGINT in the database but plain
 * numbers in code: mysql2 returns BIGINT as a string, so the transformer turns it back.
 */
const toNumber = {
  to: (v: number | undefined | null) => v,
  from: (v: string | number | null) => (v === null || v === undefined ? v : Number(v)),
};

export const BigIntColumn = (opts: ColumnOptions = {}) =>
  Column({ type: 'bigint', default: 0, transformer: toNumber, ...opts });

export const IntColumn = (opts: ColumnOptions = {}) => Column({ type: 'integer', default: 0, ...opts });

export const FloatColumn = (opts: ColumnOptions = {}) =>
  Column({ type: 'double', default: 0, transformer: toNumber, ...opts });

export const StrColumn = (length = 255, opts: ColumnOptions = {}) =>
  Column({ type: 'varchar', length, default: '', ...opts });

export const TextColumn = (opts: ColumnOptions = {}) => Column({ type: 'text', nullable: true, ...opts });

export const BoolColumn = (def = false, opts: ColumnOptions = {}) => Column({ type: 'boolean', default: def, ...opts });

export const nowSec = () => Math.floor(Date.now() / 1000);
