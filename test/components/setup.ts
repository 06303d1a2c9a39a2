/** Setup of the `dom` project: unmount what each test rendered and reset the document between tests. */
import { cleanup, configure } from '@testing-library/preact';
import { afterEach } from 'vitest';

// `findBy…` and `waitFor` wait for what they look for: their patience (1 s by default) is no limit the product sets,
// and another test file beside this one (two run at a time) or another build can stretch a render past it
configure({ asyncUtilTimeout: 10_000 });

afterEach(() => {
  cleanup();
  document.title = '';
});
