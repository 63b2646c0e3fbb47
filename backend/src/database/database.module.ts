import { Module, type DynamicModule } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { AppConfig } from '../config/env';
import { dataSourceOptions, openDatabase, sqliteFile } from './data-source';
import { SqliteCheckpoints } from './sqlite-checkpoints';
import { SqliteReader } from './sqlite-reader';

/**
 * Opens the configured database and brings its schema up to date before the app starts; on SQLite,
 * checkpoints its WAL from a worker thread while the app runs, and answers the console's long reads from
 * another (SqliteReader, given to every module).
 */
@Module({})
export class DatabaseModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: DatabaseModule,
      global: true,
      imports: [
        TypeOrmModule.forRootAsync({
          useFactory: () => dataSourceOptions(config),
          dataSourceFactory: async () => openDatabase(config),
        }),
      ],
      providers: [
        {
          provide: SqliteCheckpoints,
          useFactory: (ds: DataSource) => new SqliteCheckpoints(ds, config.database),
          inject: [DataSource],
        },
        {
          provide: SqliteReader,
          useFactory: (ds: DataSource) =>
            new SqliteReader(
              ds,
              sqliteFile(config.database),
              config.database.type === 'sqlite' ? config.database.busyTimeoutMs : 0,
            ),
          inject: [DataSource],
        },
      ],
      exports: [SqliteReader],
    };
  }
}
