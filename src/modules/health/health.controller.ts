import { Controller, Get, Header, Res } from '@nestjs/common';
import type { Response } from 'express';
import { HealthService } from './health.service';
import { LIVENESS_PATH, READINESS_PATH } from '../../common/http/probe-paths';

@Controller()
export class HealthController {
  constructor(private readonly health: HealthService) {}

  /** The process is up; no I/O. */
  @Get(LIVENESS_PATH)
  @Header('Cache-Control', 'no-store')
  live() {
    return { status: 'ok' };
  }

  @Get(READINESS_PATH)
  @Header('Cache-Control', 'no-store')
  async ready(@Res() res: Response) {
    const readiness = await this.health.readiness();
    res.status(readiness.status === 'ok' ? 200 : 503).json(readiness);
  }
}
