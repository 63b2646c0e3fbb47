import type { RelayAdaptor } from '../../../providers/provider';
import { AwsEventStreamParser } from './aws-event-stream-parser';
import { NdjsonEventParser } from './ndjson-parser';
import type { SseParser } from './sse-parser';

/** Whether an upstream answer is a stream in the framing the adaptor speaks. */
export function isStreamType(adaptor: Pick<RelayAdaptor, 'streamFraming'>, contentType: string): boolean {
  if (/event-stream/i.test(contentType)) return true;
  if (adaptor.streamFraming === 'aws-eventstream') return /vnd\.amazon\.eventstream/i.test(contentType);
  return adaptor.streamFraming === 'ndjson' && /ndjson/i.test(contentType);
}

/** The parser splitting the adaptor's stream framing into events; undefined means SSE. */
export function streamParser(
  adaptor: Pick<RelayAdaptor, 'streamFraming'>,
): Pick<SseParser, 'push' | 'end'> | undefined {
  if (adaptor.streamFraming === 'ndjson') return new NdjsonEventParser();
  if (adaptor.streamFraming === 'aws-eventstream') return new AwsEventStreamParser();
  return undefined;
}
