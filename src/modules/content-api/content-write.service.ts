import { Injectable, Logger } from '@nestjs/common';
import { ContentGenerations } from '../../cache/content-generations';
import { SiteSource, type ShopScope } from '../../common/api';
import { DomainException } from '../../common/errors/domain.exception';
import type { SiteContext } from '../../common/site/site.types';
import { flattenIssues, unsafeJsonPaths } from '../../database/content-schema';
import { ContentWriteError } from '../../database/content-write/errors';
import { ContentWriteRepository } from './content-write.repository';
import {
  WRITE_RESOURCES,
  type WriteAction,
  type WriteActor,
  type WriteBody,
  type WriteResource,
  type WriteScope,
} from './write-resources';

/**
 * How a write flows (docs/architecture.md "A write"): the body is checked (no control characters,
 * no deep nesting, then the resource's schema: every faulty field named), then in one transaction
 * the record is written through the seed's write path, what derives from it is refreshed and the
 * audit row written; after the commit the content generations the resource belongs to are bumped,
 * so every replica serves the new content (its read models and pages) at once.
 */
@Injectable()
export class ContentWriteService {
  private readonly logger = new Logger(ContentWriteService.name);

  constructor(
    private readonly repository: ContentWriteRepository,
    private readonly generations: ContentGenerations,
    private readonly sites: SiteSource,
  ) {}

  async create<R extends WriteResource>(resource: R, raw: unknown, request: WriteRequest): Promise<{ id: string }> {
    const body = this.check(resource, raw);
    const scope = await this.scope(request);
    const id = await this.write(resource, 'create', scope, request.actor, async (trx) => {
      const after = await this.repository.writers[resource].create(trx, body, scope);
      return { before: null, after };
    });
    return { id: id! };
  }

  async update<R extends WriteResource>(
    resource: R,
    id: string,
    raw: unknown,
    request: WriteRequest,
  ): Promise<{ id: string | number } & WriteBody<R>> {
    const body = this.check(resource, raw);
    const scope = await this.scope(request);
    const after = await this.write(resource, 'update', scope, request.actor, async (trx) => {
      const written = await this.repository.writers[resource].update(trx, id, body, scope);
      if (written === null) throw DomainException.notFound(`No ${resource} ${id}`);
      return { before: id, after: written };
    });
    return { ...body, id: /^\d+$/.test(after!) ? Number(after) : after! };
  }

  async remove(resource: WriteResource, id: string, request: WriteRequest): Promise<void> {
    const scope = await this.scope(request);
    await this.write(resource, 'delete', scope, request.actor, async (trx) => {
      const removed = await this.repository.writers[resource].remove(trx, id, scope);
      if (removed === null) throw DomainException.notFound(`No ${resource} ${id}`);
      return { before: removed, after: null };
    });
  }

  /** The body as the resource's schema reads it, or a 400 naming every faulty field. */
  private check<R extends WriteResource>(resource: R, raw: unknown): WriteBody<R> {
    const unsafe = unsafeJsonPaths(raw);
    if (Object.keys(unsafe).length) throw DomainException.invalidInput(unsafe);
    const parsed = WRITE_RESOURCES[resource].schema.safeParse(raw);
    if (!parsed.success) throw DomainException.invalidInput(flattenIssues(parsed.error.issues));
    return parsed.data as WriteBody<R>;
  }

  private async scope(request: WriteRequest): Promise<WriteScope> {
    const site = await this.sites.scoped(request.site, request.query);
    return { shopId: site.shop.id, locale: site.locale };
  }

  /** One transaction: the write, its derived data, its audit row; then the new generations. */
  private async write(
    resource: WriteResource,
    action: WriteAction,
    scope: WriteScope,
    actor: WriteActor,
    work: (trx: Parameters<Parameters<ContentWriteRepository['transaction']>[0]>[0]) => Promise<{
      before: string | null;
      after: string | null;
    }>,
  ): Promise<string | null> {
    let ids: { before: string | null; after: string | null };
    try {
      ids = await this.repository.transaction(async (trx) => {
        const written = await work(trx);
        await this.repository.audit(trx, { resource, action, ...written }, actor, scope);
        return written;
      });
    } catch (error) {
      throw asApiError(error);
    }
    await this.generations.bump([...WRITE_RESOURCES[resource].domains]);
    this.logger.log(`${actor.tokenName} ${action} ${resource} ${ids.after ?? ids.before}`);
    return ids.after;
  }
}

export interface WriteRequest {
  site: SiteContext;
  query: ShopScope;
  actor: WriteActor;
}

/**
 * The write path's refusals and the database's as API answers: an unknown name 400, a conflict 409;
 * a unique or foreign-key violation that slipped past the checks (two writers at once) 409, a
 * value the database refuses 400; never a 500 for what the client sent.
 */
function asApiError(error: unknown): unknown {
  if (error instanceof ContentWriteError)
    return error.kind === 'conflict'
      ? DomainException.conflict(error.issues)
      : DomainException.invalidInput(error.issues);
  const code = String((error as { code?: unknown })?.code ?? '');
  const detail = String((error as { detail?: unknown; message?: unknown })?.detail ?? (error as Error)?.message ?? '');
  if (code === '23505' || code === '23503' || code === '40001' || code === '40P01')
    return DomainException.conflict({ id: `conflicts with another record (${detail.slice(0, 200)})` });
  if (code.startsWith('22') || code === '23514' || code === '54000')
    return DomainException.invalidInput({ body: `refused by the database (${detail.slice(0, 200)})` });
  return error;
}
