/** The part of `pg` used here (the package ships no types of its own). */
declare module 'pg' {
  type TypeParser = (value: string) => unknown;
  interface ClientConfig {
    connectionString: string;
    connectionTimeoutMillis?: number;
    query_timeout?: number;
    application_name?: string;
  }
  interface PgClient {
    connect(): Promise<void>;
    query<Row = Record<string, unknown>>(sql: string): Promise<{ rows: Row[] }>;
    end(): Promise<void>;
    on(event: 'error', listener: (error: Error) => void): this;
  }
  const pg: {
    types: { getTypeParser(oid: number, format?: 'text' | 'binary'): TypeParser };
    Client: new (config: ClientConfig) => PgClient;
  };
  export default pg;
}
