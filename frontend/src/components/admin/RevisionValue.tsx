import type { City, ReviewedListingField } from '@reproute/contracts';
import { photoSources } from '@reproute/contracts';
import { useWeightUnit } from '@/lib/displayPrefs';
import { revisionValueText } from './revisionText';

const photoFields: readonly ReviewedListingField[] = ['imageUrl', 'images', 'gymImages'];

/**
 * A revision value for the reviewer: photo fields as small thumbnails in order (an admin judges a
 * picture by looking at it, not by its URL), everything else as text, weights in the unit the admin chose.
 */
export function RevisionValue({ field, value, cities }: { field: ReviewedListingField; value: unknown; cities?: Pick<City, 'id' | 'name' | 'country'>[] }) {
  const unit = useWeightUnit();
  if (!photoFields.includes(field)) return <>{revisionValueText(field, value, cities, unit)}</>;
  const urls = (Array.isArray(value) ? value : value ? [value] : []).filter((url): url is string => typeof url === 'string');
  if (urls.length === 0) return <>(none)</>;
  return (
    <span className="inline-flex flex-wrap gap-1 align-middle" data-testid="revision-photos">
      {urls.map((url, i) => {
        const { src, srcSet } = photoSources(url, 400);
        return (
          <a key={url} href={url} target="_blank" rel="noreferrer" className="block">
            <img
              src={src}
              srcSet={srcSet ?? undefined}
              sizes={srcSet ? '64px' : undefined}
              alt={`Photo ${i + 1} of ${urls.length}`}
              loading="lazy"
              className="h-12 w-16 rounded object-cover"
            />
          </a>
        );
      })}
    </span>
  );
}
