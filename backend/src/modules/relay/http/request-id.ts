import { randomFillSync } from 'node:crypto';
import type { FastifyReply } from 'fastify';

/** The response header naming a relay request (new-api's name; also logs.request_id). */
export const REQUEST_ID_HEADER = 'x-oneapi-request-id';

/**
 * A new request id: the UTC time to the millisecond, then 12 random hex digits. Time first, as
 * new-api does, so ids sort by arrival and every insert lands at the end of the logs.request_id
 * index instead of on a random page of it (a random id doubles the cost of each settlement commit).
 */
export function newRequestId(now: Date | number = Date.now()): string {
  return timeDigits(typeof now === 'number' ? now : now.getTime()) + randomHex12();
}

/** The second whose digits (YYYYMMDDhhmmss, UTC) are cached, and those digits. */
let cachedSecond = -1;
let secondDigits = '';

/**
 * `YYYYMMDDhhmmssSSS` of a time in ms. The date is formatted once per second: `toISOString` and a
 * regex replace on every request cost 2.5–10 µs on a slow host (docs/benchmarks.md).
 */
function timeDigits(ms: number): string {
  const second = Math.floor(ms / 1000);
  if (second !== cachedSecond) {
    cachedSecond = second;
    secondDigits = new Date(second * 1000).toISOString().slice(0, 19).replace(/\D/g, '');
  }
  const milli = ms - second * 1000;
  return secondDigits + (milli < 10 ? '00' : milli < 100 ? '0' : '') + milli;
}

/** Ids drawn per refill of the random pool. */
const POOLED_IDS = 512;
let pool = '';
let next = POOLED_IDS;

/**
 * 12 random hex digits. One call to the system's random source per 512 ids: a call per request
 * (randomBytes(6)) cost about 3 µs, 2% of the relay's CPU at 32 connections (docs/benchmarks.md).
 */
function randomHex12(): string {
  if (next === POOLED_IDS) {
    pool = randomFillSync(Buffer.allocUnsafe(6 * POOLED_IDS)).toString('hex');
    next = 0;
  }
  return pool.slice(12 * next, 12 * ++next);
}

/** Gives the request its id, sent with whatever the response turns out to be. */
export function assignRequestId(reply: FastifyReply): string {
  const id = newRequestId();
  reply.raw.setHeader(REQUEST_ID_HEADER, id);
  return id;
}

export function requestIdOf(reply: FastifyReply): string {
  const id = reply.raw.getHeader(REQUEST_ID_HEADER);
  return typeof id === 'string' ? id : assignRequestId(reply);
}
