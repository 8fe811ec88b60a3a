import { describe, expect, it } from 'vitest';
import type { Rolldown } from 'vite';
import { entryPreloads, routeChunks } from './routeChunks';

const chunk = (fileName: string, fields: Partial<Rolldown.OutputChunk>) => ({ type: 'chunk', fileName, imports: [], isEntry: false, isDynamicEntry: false, facadeModuleId: null, ...fields }) as Rolldown.OutputChunk;

describe('route chunks', () => {
  it('names each route’s page chunk and what it imports, less what the entry already loads', () => {
    const bundle = {
      'assets/index.js': chunk('assets/index.js', { isEntry: true, imports: ['assets/jsx.js'] }),
      'assets/jsx.js': chunk('assets/jsx.js', {}),
      'assets/HomePage.js': chunk('assets/HomePage.js', { isDynamicEntry: true, facadeModuleId: '/app/src/pages/HomePage.tsx', imports: ['assets/jsx.js', 'assets/SearchBox.js'] }),
      'assets/SearchBox.js': chunk('assets/SearchBox.js', { imports: ['assets/icons.js'] }),
      'assets/icons.js': chunk('assets/icons.js', {}),
      'assets/NotFoundPage.js': chunk('assets/NotFoundPage.js', { isDynamicEntry: true, facadeModuleId: '/app/src/pages/errors/NotFoundPage.tsx' }),
      'assets/index.css': { type: 'asset', fileName: 'assets/index.css' },
    } as unknown as Rolldown.OutputBundle;
    const routesSource = `
const HomePage = lazyPage(() => import('@/pages/HomePage'));
const NotFoundPage = lazyPage(() => import('@/pages/errors/NotFoundPage'));
const screens: Record<Screen, ReactElement> = {
  home: <HomePage />,
  notFound: <NotFoundPage />,
};`;
    const table = [
      { path: '/', screen: 'home' },
      { path: '/home', screen: 'home' },
      { path: '*', screen: 'notFound' },
    ] as const;
    expect(routeChunks(bundle, '/app', routesSource, '/', table).routes).toEqual([
      { path: '/', files: ['/assets/HomePage.js', '/assets/SearchBox.js', '/assets/icons.js'] },
      { path: '/home', files: ['/assets/HomePage.js', '/assets/SearchBox.js', '/assets/icons.js'] },
      { path: '*', files: ['/assets/NotFoundPage.js'] },
    ]);
  });

  it('names every chunk the entry imports, directly or through another, once each, and not the entry itself', () => {
    const bundle = {
      'assets/index.js': chunk('assets/index.js', { isEntry: true, imports: ['assets/jsx.js', 'assets/client.js'], dynamicImports: ['assets/HomePage.js'] }),
      'assets/jsx.js': chunk('assets/jsx.js', {}),
      'assets/client.js': chunk('assets/client.js', { imports: ['assets/jsx.js', 'assets/store.js'] }),
      'assets/store.js': chunk('assets/store.js', {}),
      'assets/HomePage.js': chunk('assets/HomePage.js', { isDynamicEntry: true, imports: ['assets/icons.js'] }),
      'assets/icons.js': chunk('assets/icons.js', {}),
      'assets/index.css': { type: 'asset', fileName: 'assets/index.css' },
    } as unknown as Rolldown.OutputBundle;
    expect(entryPreloads(bundle, 'assets/index.js')).toBe(
      ['jsx', 'client', 'store'].map((name) => `\n    <link rel="modulepreload" crossorigin href="/assets/${name}.js">`).join(''),
    );
    expect(entryPreloads(bundle, 'assets/store.js', '/app/')).toBe('');
  });
});

