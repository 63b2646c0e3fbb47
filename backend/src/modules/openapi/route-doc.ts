/**
 * How a route is documented in the published contract (docs/api-reference.md). Each domain's file in
 * contract/ maps `METHOD path` (as the router registers it) to a RouteDoc; one line per route.
 */
import { envelopeOf, failureEnvelopeSchema, okEnvelopeSchema, pagedOf } from '@gw/shared';
import { z } from 'zod';

export interface RouteDoc {
  tag: string;
  summary: string;
  description?: string;
  /** Query parameters (a zod object; what the route validates, or reads). */
  query?: z.ZodObject;
  /** JSON request body. */
  body?: z.ZodType;
  /** Content type of the body when it is not JSON (multipart uploads, forms). */
  bodyType?: string;
  /**
   * The 200 answer: a JSON schema the API suite checks every answer against, or what the route
   * answers instead of JSON ('redirect': a 302, 'text': plain text, 'stream': server-sent events).
   */
  response?: z.ZodType | 'redirect' | 'text';
  /** The answer may also be an event stream (relay routes with `stream: true`). */
  streams?: boolean;
  /** Where the router's path is not an OpenAPI path (wildcards): the documented paths instead. */
  paths?: string[];
}

/** A registered route deliberately left out of the document, with the reason. */
export interface RouteSkip {
  skip: string;
}

export type RouteEntryDoc = RouteDoc | RouteSkip;
export type Contract = Record<string, RouteEntryDoc>;

/** `{success: true, message, data}` with data of this shape. */
export const data = <T extends z.ZodType>(schema: T) => envelopeOf(schema);
/** `{success: true, message, data: {items, total, page, page_size}}`. */
export const paged = <T extends z.ZodType>(item: T) => envelopeOf(pagedOf(item));
/** `{success: true, message}`. */
export const OK = okEnvelopeSchema;
/** `{success: true, message, data: <count>}`: how many rows an operation changed. */
export const COUNT = envelopeOf(z.number().int().min(0));
export const STRING = envelopeOf(z.string());
export const STRINGS = envelopeOf(z.array(z.string()));
export const FAILURE = failureEnvelopeSchema;

export const isSkip = (d: RouteEntryDoc): d is RouteSkip => 'skip' in d;
