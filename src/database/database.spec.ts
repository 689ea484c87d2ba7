import { EventEmitter } from 'node:events';
import { Kysely, PostgresDialect, sql } from 'kysely';
import { Pool as PgPool, type Pool, type PoolClient } from 'pg';
import { DatabaseReachability, isDatabaseUnavailable, survivingOutages } from './database';

/** A pg Pool's events and `connect()`, the parts survivingOutages uses. */
class FakePool extends EventEmitter {
  refuse = false;
  connect(): Promise<PoolClient> {
    if (this.refuse)
      return Promise.reject(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }));
    const client = new EventEmitter() as unknown as PoolClient;
    this.emit('connect', client);
    return Promise.resolve(client);
  }
}

describe(survivingOutages.name, () => {
  let logger: { warn: jest.Mock; log: jest.Mock };
  let reachability: DatabaseReachability;
  let fake: FakePool;
  let sut: Pool;

  beforeEach(() => {
    logger = { warn: jest.fn(), log: jest.fn() };
    reachability = new DatabaseReachability(logger);
    fake = new FakePool();
    sut = survivingOutages(fake as unknown as Pool, reachability);
  });

  const warnings = () => logger.warn.mock.calls.map(([message]) => String(message));
  const infos = () => logger.log.mock.calls.map(([message]) => String(message));
  const terminated = () =>
    Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });

  it('a connection the server closes (one backend terminated) is no outage: the state stays up', async () => {
    const client = await sut.connect();
    fake.emit('error', terminated()); // an idle connection of the pool
    client.emit('error', terminated()); // one a request holds
    expect(reachability.available).toBe(true);
    expect(warnings()).toEqual([]);
    expect(infos()).toEqual([
      'database connection closed: terminating connection due to administrator command',
      'database connection closed: terminating connection due to administrator command',
    ]);
  });

  it('so a later outage is still reported, once, and its end once', async () => {
    fake.emit('error', terminated());
    fake.refuse = true;
    await expect(sut.connect()).rejects.toThrow('ECONNREFUSED');
    await expect(sut.connect()).rejects.toThrow('ECONNREFUSED');
    fake.emit('error', terminated()); // a connection lost during the outage adds nothing
    expect(reachability.available).toBe(false);
    expect(warnings()).toEqual(['database unavailable: connect ECONNREFUSED 127.0.0.1:5432']);

    fake.refuse = false;
    await sut.connect();
    await sut.connect();
    expect(reachability.available).toBe(true);
    expect(infos().filter((message) => message === 'database available again')).toHaveLength(1);
  });

  it('a query that works ends an outage even when no new connection was needed', async () => {
    fake.refuse = true;
    await expect(sut.connect()).rejects.toThrow();
    expect(reachability.available).toBe(false);
    reachability.reachable(); // what openDatabase's query log does on each query that worked
    expect(reachability.available).toBe(true);
    expect(infos()).toEqual(['database available again']);
  });
});

describe(isDatabaseUnavailable.name, () => {
  it('tells a lost or refused connection from a bad query', () => {
    expect(isDatabaseUnavailable({ code: '57P01' })).toBe(true);
    expect(isDatabaseUnavailable({ code: 'ECONNREFUSED' })).toBe(true);
    expect(isDatabaseUnavailable({ message: 'Connection terminated unexpectedly' })).toBe(true);
    expect(isDatabaseUnavailable({ code: '42P01', message: 'relation "x" does not exist' })).toBe(false);
  });

  it('counts a query sent after shutdown closed the pool as the database being unavailable (503, not 500)', async () => {
    // A driver in use (here its one query was refused: nothing listens on port 1), then closed.
    const db = new Kysely<unknown>({
      dialect: new PostgresDialect({ pool: new PgPool({ host: '127.0.0.1', port: 1 }) }),
    });
    await db
      .selectNoFrom(sql<number>`1`.as('one'))
      .execute()
      .catch(() => undefined);
    await db.destroy();
    const error = await db
      .selectNoFrom(sql<number>`1`.as('one'))
      .execute()
      .catch((e: unknown) => e);
    expect((error as Error).message).toMatch(/destroyed/);
    expect(isDatabaseUnavailable(error)).toBe(true);
  });
});
