/**
 * scripts/prune-photos.ts against the live catalog database and a scratch photo folder: files of a
 * photo a listing shows stay, files of a photo nobody shows go once past the grace period, recent
 * files stay whatever they are.
 */
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { api, stack } from '@reproute/platform/testing';
import { createdHotelIds, deleteCreatedHotels, listingBody, newProvider } from './support.ts';

const run = promisify(execFile);
const catalogDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const hex = (c: string) => c.repeat(32);
let dir: string;

afterAll(async () => {
  await deleteCreatedHotels();
  if (dir) await rm(dir, { recursive: true, force: true });
});

async function place(key: string, ageHours: number) {
  const folder = path.join(dir, key.slice(0, 2));
  await mkdir(folder, { recursive: true });
  await writeFile(path.join(folder, key), 'bytes');
  const when = new Date(Date.now() - ageHours * 3_600_000);
  await utimes(path.join(folder, key), when, when);
}

describe('pruning photo files no listing shows', () => {
  it('keeps a listed photo and recent files, deletes an old unlisted photo (only with --delete)', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'photos-prune-'));
    // A unique id per run: the live database may hold other runs' listings.
    const listed = `${Date.now().toString(16)}`.padEnd(32, 'a').slice(0, 32);
    const provider = await newProvider();
    const cities = await api<{ id: number }[]>('GET', '/api/cities');
    const created = await api('POST', '/api/provider/hotels', { token: provider.token, body: listingBody({ cityId: cities.body[0]!.id, images: [`/images/photos/${listed}-800.webp`] }) });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    createdHotelIds.add(created.body.id);

    for (const key of [`${listed}.jpg`, `${listed}-400.webp`, `${listed}-800.webp`]) await place(key, 48);
    for (const key of [`${hex('b')}.png`, `${hex('b')}-400.webp`]) await place(key, 48);
    await place(`${hex('c')}-400.webp`, 0);

    const env = { ...process.env, SERVICE_NAME: 'catalog', DATABASE_URL: process.env.CATALOG_DATABASE_URL ?? stack.databaseUrl('catalog'), DB_SCHEMA: 'catalog', PORT: '0', PHOTO_STORAGE: 'local', PHOTOS_DIR: dir };
    const files = async () => (await Promise.all((await readdir(dir)).map((folder) => readdir(path.join(dir, folder))))).flat().sort();
    const before = await files();

    const dry = await run('node', ['--import', 'tsx', 'scripts/prune-photos.ts'], { cwd: catalogDir, env });
    expect(dry.stdout).toContain('"prunable":2');
    expect(await files()).toEqual(before);

    await run('node', ['--import', 'tsx', 'scripts/prune-photos.ts', '--delete'], { cwd: catalogDir, env });
    expect(await files()).toEqual([`${listed}-400.webp`, `${listed}-800.webp`, `${listed}.jpg`, `${hex('c')}-400.webp`].sort());
  });
});
