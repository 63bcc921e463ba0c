export * from './schema';
export {
  connectDatabase,
  EMBEDDED_SHARED_BUFFERS_MB,
  EMBEDDED_SOCKET_PORT,
  type DbConfig,
  type DbHandle,
} from './connect';
export { retryDelayMs, type Listener, type ListenOptions } from './listen';
export {
  DataDirLockedError,
  LOCK_FILE_NAME,
  LOCK_OWNER_FILE_NAME,
  lockDataDir,
  type DataDirLock,
  type LockOwner,
} from './data-dir-lock';
export { migrateToLatest } from './migrate';
export { migrations } from '../migrations/index';
