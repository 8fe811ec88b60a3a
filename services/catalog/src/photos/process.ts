// The photo pipeline lives in the platform (engagement's review photos go through it too).
export * from '@reproute/platform/photos/process';
