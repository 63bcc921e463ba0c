export * from './schema';
export { connectDatabase, type DbConfig, type DbHandle } from './connect';
export { migrateToLatest } from './migrate';
export { migrations } from '../migrations/index';
