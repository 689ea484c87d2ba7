import { Injectable } from '@nestjs/common';

/** Whether the process is draining for shutdown (readiness answers 503 from then on). */
@Injectable()
export class LifecycleService {
  private draining = false;

  get shuttingDown(): boolean {
    return this.draining;
  }

  beginShutdown(): void {
    this.draining = true;
  }
}
