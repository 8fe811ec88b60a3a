// Just the part of jsdom's API the test environment uses (no @types/jsdom in the workspace).
declare module 'jsdom' {
  export class JSDOM {
    constructor(html?: string, options?: { url?: string; pretendToBeVisual?: boolean });
    readonly window: Window & typeof globalThis & { close(): void };
  }
}
