import { en } from './en';
import { optionsEn } from './options.en';
import { optionsZh } from './options.zh';
import { zh } from './zh';

export const adminZh = { ...zh, ...optionsZh };
export const adminEn = { ...en, ...optionsEn };
