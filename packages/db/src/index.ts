export * from './schema';
export { connectDatabase, type DbConfig, type DbHandle } from './connect';
export { DataDirLockedError, LOCK_FILE_NAME, lockDataDir, type DataDirLock, type LockOwner } from './data-dir-lock';
export { migrateToLatest } from './migrate';
export { migrations } from '../migrations/index';
