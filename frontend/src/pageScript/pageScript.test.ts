import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PAGE_MODULES_ID, PRERENDERED_ATTRIBUTE } from '@reproute/contracts';
import { holdEarlyInput, loadModulesAfterPaint, preloadsPerTask } from './pageScript';

beforeEach(() => {
  document.body.innerHTML = `<div id="root" ${PRERENDERED_ATTRIBUTE}><form><input name="q" value=""><button type="button">Go</button></form></div><button id="outside">Out</button>`;
});
afterEach(() => {
  vi.useRealTimers();
  document.body.innerHTML = '';
  for (const element of document.head.querySelectorAll('script[type="module"], link[rel="modulepreload"]')) element.remove();
});

const root = () => document.getElementById('root')!;
const takeOver = async () => {
  root().removeAttribute(PRERENDERED_ATTRIBUTE);
  // The observer's callback is a microtask.
  await Promise.resolve();
};

describe('holdEarlyInput', () => {
  it('holds a click inside the root until the SPA takes the page over, then gives it again', async () => {
    vi.useFakeTimers();
    holdEarlyInput(document);
    const button = root().querySelector('button')!;
    const clicks = vi.fn();
    button.addEventListener('click', clicks);
    button.click();
    expect(clicks).not.toHaveBeenCalled();
    // Outside the root nothing is held.
    const outside = vi.fn();
    document.getElementById('outside')!.addEventListener('click', outside);
    document.getElementById('outside')!.click();
    expect(outside).toHaveBeenCalledTimes(1);
    await takeOver();
    expect(clicks).not.toHaveBeenCalled();
    vi.runAllTimers();
    expect(clicks).toHaveBeenCalledTimes(1);
    // Once taken over, clicks go through at once.
    button.click();
    expect(clicks).toHaveBeenCalledTimes(2);
  });

  it('announces text typed meanwhile with an input event, and submits a held form again', async () => {
    vi.useFakeTimers();
    holdEarlyInput(document);
    const form = root().querySelector('form')!;
    const field = root().querySelector('input')!;
    field.value = 'Paris';
    const inputs = vi.fn();
    field.addEventListener('input', inputs);
    const submits = vi.fn((event: Event) => event.preventDefault());
    form.requestSubmit();
    form.addEventListener('submit', submits);
    await takeOver();
    expect(inputs).toHaveBeenCalledTimes(1);
    vi.runAllTimers();
    expect(submits).toHaveBeenCalledTimes(1);
  });
});

describe('loadModulesAfterPaint', () => {
  it('asks for the entry after the first frame, then names the other modules a few per task', () => {
    vi.useFakeTimers();
    const preloads = Array.from({ length: preloadsPerTask + 2 }, (_, i) => `/assets/m${i}.js`);
    document.body.insertAdjacentHTML('beforeend', `<script type="application/json" id="${PAGE_MODULES_ID}">${JSON.stringify({ scripts: ['/assets/index.js'], preloads })}</script>`);
    let frame: (() => void) | undefined;
    loadModulesAfterPaint(document, { requestAnimationFrame: (callback) => ((frame = () => callback(0)), 1) });
    const scripts = () => [...document.head.querySelectorAll<HTMLScriptElement>('script[type="module"]')].map((s) => s.getAttribute('src'));
    const links = () => [...document.head.querySelectorAll('link[rel="modulepreload"]')].map((l) => l.getAttribute('href'));
    expect(scripts()).toEqual([]);
    frame!();
    vi.advanceTimersToNextTimer();
    expect(scripts()).toEqual(['/assets/index.js']);
    expect(links()).toEqual([]);
    vi.advanceTimersToNextTimer();
    expect(links()).toEqual(preloads.slice(0, preloadsPerTask));
    vi.advanceTimersToNextTimer();
    expect(links()).toEqual(preloads);
    // The one-second fallback does not load them twice.
    vi.runAllTimers();
    expect(scripts()).toHaveLength(1);
  });

  it('loads within a second when no frame comes', () => {
    vi.useFakeTimers();
    document.body.insertAdjacentHTML('beforeend', `<script type="application/json" id="${PAGE_MODULES_ID}">{"scripts":["/assets/index.js"],"preloads":[]}</script>`);
    loadModulesAfterPaint(document, { requestAnimationFrame: () => 1 });
    vi.advanceTimersByTime(999);
    expect(document.head.querySelectorAll('script[type="module"]')).toHaveLength(0);
    vi.advanceTimersByTime(1);
    expect(document.head.querySelectorAll('script[type="module"]')).toHaveLength(1);
  });
});
