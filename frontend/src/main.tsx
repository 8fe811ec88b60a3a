import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/App';
import { routes } from './app/routes';
import { preloadScreens } from './app/preloadScreens';
import { preloadOnIntent } from './app/preloadOnIntent';
import { hydrateInPieces } from './app/hydrateLater';
import { PRERENDERED_ATTRIBUTE as PRERENDERED } from '@reproute/contracts';
import { markSignedIn, readToken } from './lib/tokenStorage';
import './index.css';

// The page policy allows no eval: zod parses without compiling code, and without first probing whether it may
// (a probe the browser reports as a policy violation). Set before any form validates.
((globalThis as { __zod_globalConfig?: { jitless?: boolean } }).__zod_globalConfig ??= {}).jitless = true;

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');

const app = (
  <StrictMode>
    <App />
  </StrictMode>
);

const signedIn = readToken() !== null;
// The gateway leaves out the visitor's render for a browser with this cookie (a session from before it existed gets it now).
if (signedIn) markSignedIn(true);

if (root.hasAttribute(PRERENDERED) && !signedIn) {
  // A visitor's page as the server rendered it: already painted; the page's screen is loaded (the
  // gateway asks for its chunks with the entry's), then the SPA takes the markup over as it stands.
  // The parts wrapped in <HydrateLater> (the header, each section and card, the footer) are taken over in
  // tasks of their own after the rest, so no one task holds a phone for the whole page.
  void preloadScreens(routes, window.location.pathname)
    .then(() => hydrateInPieces(() => hydrateRoot(root, app)))
    .then(() => {
      // The page's own script holds a click or a submit made before now and gives it again once this goes.
      root.removeAttribute(PRERENDERED);
      preloadOnIntent(routes);
    });
} else {
  // Nothing written, or signed in (a session whose cookie was missing got the visitor's render).
  root.removeAttribute(PRERENDERED);
  root.replaceChildren();
  createRoot(root).render(app);
  preloadOnIntent(routes);
}
