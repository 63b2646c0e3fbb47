import { Controller, Get } from '@nestjs/common';
import type { ApiEnvelope, ServerStatus } from '@gw/shared';
import { ok } from '../../common/http/envelope';
import { Access } from '../auth/access.decorator';
import { OptionService } from '../option/option.service';
import { StatusService } from './status.service';

@Controller('api')
@Access('public')
export class StatusController {
  constructor(
    private readonly status: StatusService,
    private readonly options: OptionService,
  ) {}

  @Get('status')
  async get(): Promise<ApiEnvelope<ServerStatus>> {
    return ok(await this.status.status());
  }

  @Get('notice')
  notice(): ApiEnvelope<string> {
    return ok(this.options.settings.Notice);
  }

  @Get('about')
  about(): ApiEnvelope<string> {
    return ok(this.options.settings.About);
  }

  @Get('home_page_content')
  homePageContent(): ApiEnvelope<string> {
    return ok(this.options.settings.HomePageContent);
  }
}
