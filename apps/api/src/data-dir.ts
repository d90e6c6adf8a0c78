/**
 * `DATA_DIR=memory://` is a throwaway instance (tests, a quick look): its database lives in memory,
 * and so must what the embedded setup would otherwise write beside it (the JWT secret, the VAPID
 * keys), or a run would leave a literal `memory:` folder in the working directory.
 */
export const IN_MEMORY_DATA_DIR = "memory://";

export function isInMemoryDataDir(dataDir: string): boolean {
  return dataDir.startsWith(IN_MEMORY_DATA_DIR);
}
