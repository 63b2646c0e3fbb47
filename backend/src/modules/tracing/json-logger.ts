import type { LoggerService, LogLevel } from '@nestjs/common';
import pino, { type DestinationStream, type Logger } from 'pino';
import { RequestLogLine } from './request-log';

/** Nest's levels on pino's. */
const LEVELS: Readonly<Record<LogLevel, pino.Level>> = {
  fatal: 'fatal',
  error: 'error',
  warn: 'warn',
  log: 'info',
  debug: 'debug',
  verbose: 'trace',
};

/**
 * Nest's logger as one JSON line per entry (pino): level, time, context, msg, and requestId on lines
 * about one relay request (request-log.ts). LOG_LEVEL picks the lowest level written (info by default;
 * `silent` is handled by the app factory). See docs/observability.md#traces-and-logs.
 */
export class JsonLogger implements LoggerService {
  private readonly pino: Logger;

  constructor(level = process.env.LOG_LEVEL || 'info', destination?: DestinationStream) {
    const options: pino.LoggerOptions = {
      level: level in pino.levels.values ? level : 'info',
      base: undefined,
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
    };
    this.pino = destination ? pino(options, destination) : pino(options);
  }

  log(message: unknown, ...rest: unknown[]): void {
    this.write('log', message, rest);
  }
  error(message: unknown, ...rest: unknown[]): void {
    this.write('error', message, rest);
  }
  warn(message: unknown, ...rest: unknown[]): void {
    this.write('warn', message, rest);
  }
  debug(message: unknown, ...rest: unknown[]): void {
    this.write('debug', message, rest);
  }
  verbose(message: unknown, ...rest: unknown[]): void {
    this.write('verbose', message, rest);
  }
  fatal(message: unknown, ...rest: unknown[]): void {
    this.write('fatal', message, rest);
  }

  /** Nest passes the context last; an error's stack comes before it. */
  private write(level: LogLevel, message: unknown, rest: unknown[]): void {
    const args = [...rest];
    const context = args.length > 0 && typeof args[args.length - 1] === 'string' ? (args.pop() as string) : undefined;
    const stack = args.find((a): a is string => typeof a === 'string');
    const fields: Record<string, unknown> = {};
    if (context) fields.context = context;
    if (stack) fields.stack = stack;
    let msg: string;
    if (message instanceof RequestLogLine) {
      fields.requestId = message.requestId;
      msg = message.msg;
    } else if (message instanceof Error) {
      msg = message.message;
      fields.stack ??= message.stack;
    } else msg = typeof message === 'string' ? message : JSON.stringify(message);
    this.pino[LEVELS[level]](fields, msg);
  }
}
