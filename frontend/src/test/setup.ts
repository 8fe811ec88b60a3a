import { afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';

// findBy* and waitFor wait for the condition, not a time: the default 1 s ran out (a component's first render
// with its mocked answer) when the test command's other stages held both cores.
configure({ asyncUtilTimeout: 10_000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
});
