export interface ThrowawayPostgres {
  /** `postgres://…@127.0.0.1:<port>/postgres`, trust authentication. */
  url: string;
  port: number;
  directory: string;
  /** Stops the server and deletes its directory; synchronous, safe to call more than once. */
  stop: () => void;
}
export declare function startThrowawayPostgres(options?: {
  log?: (message: string) => void;
}): Promise<ThrowawayPostgres>;
