import { Module, type DynamicModule } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { AppConfig } from '../config/env';
import { dataSourceOptions, openDatabase } from './data-source';
import { SqliteCheckpoints } from './sqlite-checkpoints';

/**
 * Opens the configured database and brings its schema up to date before the app starts; on SQLite,
 * checkpoints its WAL from a worker thread while the app runs.
 */
@Module({})
export class DatabaseModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: DatabaseModule,
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
      ],
    };
  }
}
