/**
 * The memory settings the app runs with (scripts/memory-settings.mjs reads them from infra/Dockerfile;
 * `npm start` applies the same), so the benchmark's memory pass measures exactly what runs.
 */
export { MEMORY_SETTINGS, memorySettingsOf, shippedMemorySettings } from '../../scripts/memory-settings.mjs';
