export declare const SHARED_DATA_DIR_VARIABLE: 'ECC_SHARED_DATA_DIR';
export declare const REPOSITORY_ROOT: string;
export declare function besideCheckout(checkout: string): string;
export interface SharedDataOptions {
  env?: NodeJS.ProcessEnv;
  repositoryRoot?: string;
}
export declare function findSharedDataDir(options?: SharedDataOptions): string | undefined;
export declare function requireSharedDataFile(
  segments: readonly string[],
  options?: SharedDataOptions,
): string;
