/** Setup of the `dom` project: unmount what each test rendered and reset the document between tests. */
import { cleanup } from '@testing-library/preact';
import { afterEach } from 'vitest';

afterEach(() => {
  cleanup();
  document.title = '';
});
