import type { Logger } from '@nestjs/common';

/**
 * SPEC §8: a part of a page (products, needs, associated pages, FAQs) whose loading fails is logged,
 * and the page goes on without it: `fallback`, or null.
 */
export async function safely<T>(logger: Logger, what: string, load: () => Promise<T>): Promise<T | null>;
export async function safely<T>(logger: Logger, what: string, load: () => Promise<T>, fallback: T): Promise<T>;
export async function safely<T>(
  logger: Logger,
  what: string,
  load: () => Promise<T>,
  fallback: T | null = null,
): Promise<T | null> {
  try {
    return await load();
  } catch (error) {
    logger.warn(`${what} failed, the page goes on without them: ${(error as Error).message}`);
    return fallback;
  }
}
