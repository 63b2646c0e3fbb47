import { detailEn } from './detail.en';
import { detailZh } from './detail.zh';
import { en as baseEn } from './en';
import { logEn } from './log.en';
import { logZh } from './log.zh';
import { playgroundEn } from './playground.en';
import { playgroundZh } from './playground.zh';
import { tasklogEn } from './tasklog.en';
import { tasklogZh } from './tasklog.zh';
import { tokenEn } from './token.en';
import { tokenZh } from './token.zh';
import { walletEn } from './wallet.en';
import { walletZh } from './wallet.zh';
import { zh as baseZh } from './zh';

export const zh = { ...baseZh, ...tokenZh, ...logZh, ...walletZh, ...playgroundZh, ...detailZh, ...tasklogZh };
export const en = { ...baseEn, ...tokenEn, ...logEn, ...walletEn, ...playgroundEn, ...detailEn, ...tasklogEn };
