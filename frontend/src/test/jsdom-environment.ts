import { JSDOM } from 'jsdom';
import { populateGlobal, type Environment } from 'vitest/runtime';

/**
 * jsdom as a path-based environment: the workspace hoists vitest to the root while jsdom is
 * installed under frontend/, where vitest's built-in 'jsdom' environment cannot find it.
 */
const environment: Environment = {
  name: 'frontend-jsdom',
  viteEnvironment: 'client',
  async setup(global) {
    const dom = new JSDOM('<!DOCTYPE html>', { url: 'http://127.0.0.1:8080/', pretendToBeVisual: true });
    const { keys, originals } = populateGlobal(global, dom.window, { bindFunctions: true });
    return {
      teardown(g) {
        dom.window.close();
        keys.forEach((key) => delete g[key]);
        originals.forEach((value, key) => (g[key] = value));
      },
    };
  },
};

export default environment;
