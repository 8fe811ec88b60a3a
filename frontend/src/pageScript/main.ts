import { holdEarlyInput, loadModulesAfterPaint } from './pageScript';

// The page script's entry (build/pageScript.ts builds it alone, as one script): it runs at the end of a page the
// server rendered, after the root and the page's data block.
holdEarlyInput(document);
loadModulesAfterPaint(document, window);
