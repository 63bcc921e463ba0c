/**
 * Every app the integration tests build answers under the OpenAPI document's check
 * (helpers/contract.ts): `buildApp` itself is wrapped, so tests that build their own apps are
 * checked too.
 */
import { vi } from 'vitest';

import type * as AppModule from '../../src/app';
import { checkAnswers } from './contract';

vi.mock('../../src/app', async (importOriginal) => {
  const actual = await importOriginal<typeof AppModule>();
  return {
    ...actual,
    buildApp: async (...args: Parameters<typeof actual.buildApp>) => checkAnswers(await actual.buildApp(...args)),
  };
});
