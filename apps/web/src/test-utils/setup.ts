// Component-test setup (happy-dom): the browser APIs Mantine expects but happy-dom lacks, and a
// clean DOM, toast stack and URL between tests.
import { notifications } from '@mantine/notifications';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

import { mediaQueryList } from './media-query';

if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string): MediaQueryList => mediaQueryList(query, false),
  });
}

class ResizeObserverStub {
  observe = (): void => undefined;
  unobserve = (): void => undefined;
  disconnect = (): void => undefined;
}
if (!('ResizeObserver' in window)) {
  Object.defineProperty(window, 'ResizeObserver', { writable: true, value: ResizeObserverStub });
}

// happy-dom has no FontFaceSet; Mantine's autosize Textarea listens to it for font loading.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    configurable: true,
    value: { addEventListener: () => undefined, removeEventListener: () => undefined },
  });
}

// findBy…/waitFor retry until this budget: the default (1 s) is lost by a busy CI machine that is
// still rendering; a passing test returns as soon as the element is there.
configure({ asyncUtilTimeout: 10_000 });

window.scrollTo = () => undefined;
Element.prototype.scrollIntoView = () => undefined;

afterEach(() => {
  cleanup();
  notifications.clean();
  document.title = '';
});
