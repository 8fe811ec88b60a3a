/**
 * Lists (and with --delete removes) photo files that no listing and no revision awaiting review
 * shows: photos deleted from a listing, a rejected revision's uploads, photos of deleted hotels.
 * Files written in the last PRUNE_GRACE_HOURS (24) are kept, since an upload stores its files just
 * before the listing names them. Works on the configured storage (local folder or S3).
 *
 *   cd services/catalog && SERVICE_NAME=catalog DATABASE_URL=… DB_SCHEMA=catalog PORT=0 node --import tsx scripts/prune-photos.ts [--delete]
 */
import { createLogger, createPool, loadConfig } from '@reproute/platform';
import { prunePhotosConfigSchema } from '../src/config.ts';
import { defaultPhotosDir } from '../src/app.ts';
import { photoIdsIn, unreferencedFiles } from '../src/domain/photos.ts';
import { photoStorageFrom } from '../src/photos/storage.ts';

async function main() {
  const config = loadConfig(prunePhotosConfigSchema);
  const logger = createLogger(`${config.SERVICE_NAME}-prune-photos`, config.LOG_LEVEL);
  const remove = process.argv.includes('--delete');
  const storage = photoStorageFrom(config, defaultPhotosDir);
  const pool = createPool({ url: config.DATABASE_URL, schema: config.DB_SCHEMA, max: 1, logger, tls: config });
  try {
    // Files first, references second: a photo named in between is then seen as referenced.
    const files: { key: string; writtenAt: Date }[] = [];
    for await (const file of storage.list()) files.push(file);
    const { rows } = await pool.query<{ url: string }>(
      `SELECT url FROM (
         SELECT unnest(images || gym_images || coalesce(ARRAY[image_url], '{}'::text[])) AS url FROM hotels
         UNION ALL
         SELECT jsonb_array_elements_text(coalesce(fields->'images', '[]') || coalesce(fields->'gymImages', '[]')) FROM hotel_revisions
         UNION ALL
         SELECT fields->>'imageUrl' FROM hotel_revisions
       ) urls WHERE url LIKE '/images/photos/%'`,
    );
    const referenced = photoIdsIn(rows.map((row) => row.url));
    const prunable = unreferencedFiles(files, referenced, new Date(Date.now() - config.PRUNE_GRACE_HOURS * 3_600_000));
    if (remove) for (const key of prunable) await storage.delete(key);
    logger.info({ storage: storage.kind, files: files.length, referencedPhotos: referenced.size, prunable: prunable.length, deleted: remove ? prunable.length : 0 }, remove ? 'unreferenced photo files deleted' : 'unreferenced photo files (dry run; --delete removes them)');
  } finally {
    await pool.end();
  }
}

await main();
