import { Controller, Get, Header, Res } from '@nestjs/common';
import type { Response } from 'express';
import { HealthService } from './health.service';

@Controller('health')
export class HealthController {
  constructor(private readonly health: HealthService) {}

  /** The process is up; no I/O. */
  @Get('live')
  @Header('Cache-Control', 'no-store')
  live() {
    return { status: 'ok' };
  }

  @Get('ready')
  @Header('Cache-Control', 'no-store')
  async ready(@Res() res: Response) {
    const readiness = await this.health.readiness();
    res.status(readiness.status === 'ok' ? 200 : 503).json(readiness);
  }
}
