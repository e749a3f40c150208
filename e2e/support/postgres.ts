import pg from 'pg';

/** The PostgreSQL server the journeys that need one make their own database on. */
export const postgresAdminUrl = process.env.E2E_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export async function postgresAvailable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: postgresAdminUrl, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

/** Runs statements on a database, with a connection of its own. */
export async function withDatabase<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** A fresh, empty database for one journey's server; `drop` removes it. */
export async function freshDatabase(name: string) {
  const database = `cordata_e2e_${name}_${Date.now().toString(36)}`;
  await withDatabase(postgresAdminUrl, (c) => c.query(`create database ${database}`));
  return {
    url: postgresAdminUrl.replace(/\/[^/]*$/, `/${database}`),
    drop: () => withDatabase(postgresAdminUrl, (c) => c.query(`drop database if exists ${database} with (force)`)),
  };
}
