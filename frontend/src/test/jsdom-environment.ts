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
    // Node 26 has Web Storage globals of its own (localStorage is undefined without --localstorage-file), which
    // populateGlobal leaves in place: the page's storage is jsdom's, as in a browser.
    const nodeStorage = new Map<string, PropertyDescriptor | undefined>();
    for (const name of ['localStorage', 'sessionStorage'] as const) {
      nodeStorage.set(name, Object.getOwnPropertyDescriptor(global, name));
      Object.defineProperty(global, name, { value: dom.window[name], configurable: true, writable: true });
    }
    return {
      teardown(g) {
        dom.window.close();
        keys.forEach((key) => delete g[key]);
        originals.forEach((value, key) => (g[key] = value));
        for (const [name, descriptor] of nodeStorage) {
          delete g[name];
          if (descriptor) Object.defineProperty(g, name, descriptor);
        }
      },
    };
  },
};

export default environment;
