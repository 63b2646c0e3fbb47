import 'reflect-metadata';

process.env.LOG_LEVEL = process.env.LOG_LEVEL ?? 'silent';
jest.setTimeout(60_000);
