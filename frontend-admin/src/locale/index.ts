import { channelEn } from './channel.en';
import { channelZh } from './channel.zh';
import { en } from './en';
import { optionsEn } from './options.en';
import { optionsZh } from './options.zh';
import { redemptionEn } from './redemption.en';
import { redemptionZh } from './redemption.zh';
import { zh } from './zh';

export const adminZh = { ...zh, ...optionsZh, ...channelZh, ...redemptionZh };
export const adminEn = { ...en, ...optionsEn, ...channelEn, ...redemptionEn };
