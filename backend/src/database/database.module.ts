import { Module, type DynamicModule } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import type { AppConfig } from '../config/env';
import { dataSourceOptions, openDatabase } from './data-source';

/** Opens the configured database and brings its schema up to date before the app starts. */
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
    };
  }
}
