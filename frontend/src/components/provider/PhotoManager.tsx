import { useId, useRef, useState, type ButtonHTMLAttributes, type DragEvent } from 'react';
import { AlertCircle, ArrowLeft, ArrowRight, Clock, ImagePlus, Star, Trash2 } from 'lucide-react';
import { photoCaptionMax, photoCaptionMessages, photosPerList, type HotelPhotosAnswer, type HotelStatus, type ListingPhoto, type PhotoKind } from '@reproute/contracts';
import { photoFileProblem, uploadPhoto, useArrangePhotos, useDeletePhoto, useHotelPhotos, usePhotoAnswer } from '@/api/photos';
import { serverMessageOr } from '@/api/request';
import { HotelImage } from '@/components/HotelImage';
import { Button } from '@/components/ui/Button';
import { Skeleton } from '@/components/ui/Misc';
import { cn } from '@/lib/cn';
import { toast } from '@/store/toast';
import { ConfirmDialog } from './ConfirmDialog';
import { captionsWith, currentArrangement, moved, photoCount, without } from './photoArrangement';

interface UploadRow {
  key: string;
  name: string;
  progress: number;
  error: string | null;
}

interface PhotoManagerProps {
  hotelId: number;
  hotelName: string;
  status: HotelStatus;
}

const groups: { kind: PhotoKind; title: string; hint: string }[] = [
  { kind: 'hotel', title: 'Hotel photos', hint: 'The cover leads your listing on cards and at the top of its page.' },
  { kind: 'gym', title: 'Gym photos', hint: 'Show the racks, machines and space travellers will train in.' },
];

/**
 * A listing's photos: drop or choose several files at once (each uploads with its progress shown),
 * reorder with buttons or by dragging, pick the cover, delete after confirming. Every change saves
 * at once; on a live listing it waits for review before travellers see it.
 */
export function PhotoManager({ hotelId, hotelName, status }: PhotoManagerProps) {
  const photos = useHotelPhotos(hotelId);
  const [announcement, setAnnouncement] = useState('');

  return (
    <section aria-labelledby="photos-heading" data-testid="photo-manager">
      <h2 id="photos-heading" className="text-xl font-bold text-slate-900">
        Photos
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Photos save as soon as they upload.{' '}
        {status === 'approved' ? 'On a live listing, new photos, a new order or cover and deletions are reviewed before travellers see them.' : 'Travellers see them once the listing is approved.'}
      </p>
      <p className="sr-only" role="status" aria-live="polite">
        {announcement}
      </p>
      {photos.isPending ? (
        <div className="mt-4 space-y-3" aria-busy="true" aria-label="Loading photos">
          <Skeleton className="h-32 w-full" />
        </div>
      ) : photos.isError || !photos.data ? (
        <p className="mt-4 rounded-xl bg-red-50 px-4 py-3 text-sm text-red-800" role="alert">
          Your photos could not be loaded. Please reload the page.
        </p>
      ) : (
        <>
          {photos.data.awaitingReview ? (
            <p className="mt-4 flex items-start gap-2 rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-950" data-testid="photos-awaiting-review">
              <Clock aria-hidden className="mt-0.5 h-4 w-4 shrink-0" />
              Your photo changes are awaiting review. Travellers see the approved photos until our team approves them.
            </p>
          ) : null}
          {groups.map((group) => (
            <PhotoGroup key={group.kind} {...group} hotelId={hotelId} hotelName={hotelName} status={status} answer={photos.data} announce={setAnnouncement} />
          ))}
        </>
      )}
    </section>
  );
}

interface PhotoGroupProps {
  kind: PhotoKind;
  title: string;
  hint: string;
  hotelId: number;
  hotelName: string;
  status: HotelStatus;
  answer: HotelPhotosAnswer;
  announce: (text: string) => void;
}

function PhotoGroup({ kind, title, hint, hotelId, hotelName, status, answer, announce }: PhotoGroupProps) {
  const headingId = useId();
  const hintId = useId();
  const [uploads, setUploads] = useState<UploadRow[]>([]);
  const [dropActive, setDropActive] = useState(false);
  const [dragIndex, setDragIndex] = useState<number | null>(null);
  const [confirming, setConfirming] = useState<ListingPhoto | null>(null);
  const applyAnswer = usePhotoAnswer(hotelId);
  const arrange = useArrangePhotos(hotelId);
  const remove = useDeletePhoto(hotelId);
  const list = kind === 'gym' ? answer.gymPhotos : answer.photos;
  const busy = arrange.isPending || remove.isPending;
  const listRef = useRef<HTMLOListElement>(null);
  const fileInputRef = useRef<HTMLInputElement>(null);
  const focusAfterDelete = useRef<string | null | undefined>(undefined);

  // Buttons are disabled while a change saves, which drops keyboard focus: give it back to the same
  // photo's button for the same action (or its nearest enabled one) once the new order is shown.
  function refocus(url: string, action: string) {
    setTimeout(() => {
      const item = [...(listRef.current?.querySelectorAll<HTMLElement>('[data-photo-url]') ?? [])].find((el) => el.dataset.photoUrl === url);
      const buttons = [...(item?.querySelectorAll<HTMLButtonElement>('button[data-action]') ?? [])].filter((button) => !button.disabled);
      (buttons.find((button) => button.dataset.action === action) ?? buttons[0])?.focus();
    }, 0);
  }
  const label = (index: number) => `${kind === 'gym' ? 'gym photo' : 'photo'} ${index + 1}`;

  const patchUpload = (key: string, patch: Partial<UploadRow>) => setUploads((rows) => rows.map((row) => (row.key === key ? { ...row, ...patch } : row)));

  // One file at a time, in the order chosen, so they land in that order; a refused file does not stop the rest.
  async function uploadFiles(files: File[]) {
    if (files.length === 0) return;
    const rows = files.map((file, i) => ({ key: `${Date.now()}-${i}-${file.name}`, name: file.name, progress: 0, error: photoFileProblem(file) }));
    setUploads((current) => [...current.filter((row) => row.error === null), ...rows]);
    let done = 0;
    let failed = rows.filter((row) => row.error !== null).length;
    for (const [i, file] of files.entries()) {
      const row = rows[i]!;
      if (row.error) continue;
      try {
        applyAnswer(await uploadPhoto(hotelId, file, kind, (progress) => patchUpload(row.key, { progress })));
        done += 1;
        setUploads((current) => current.filter((r) => r.key !== row.key));
      } catch (error) {
        failed += 1;
        patchUpload(row.key, { error: serverMessageOr(error, 'The upload failed. Please try again.') });
      }
    }
    announce([done ? `${photoCount(done)} uploaded.` : '', failed ? `${photoCount(failed)} could not be uploaded.` : ''].filter(Boolean).join(' '));
  }

  async function save(body: Parameters<typeof arrange.mutateAsync>[0], done: string, focus?: { url: string; action: string }) {
    try {
      await arrange.mutateAsync(body);
      announce(done);
      if (focus) refocus(focus.url, focus.action);
    } catch (error) {
      toast({ title: 'Photos Not Saved', description: serverMessageOr(error, 'Something went wrong. Please try again.'), variant: 'destructive' });
    }
  }

  async function confirmDelete(photo: ListingPhoto) {
    const index = list.findIndex((p) => p.url === photo.url);
    const neighbour = list[index + 1] ?? list[index - 1];
    try {
      if (photo.id) await remove.mutateAsync(photo.id);
      else await arrange.mutateAsync(without(answer, photo.url));
      announce('Photo deleted.');
      // The deleted photo's button opened the dialog and is gone: focus moves to the photo now in its
      // place (or the one before it), else to the file chooser, instead of the page's start.
      focusAfterDelete.current = neighbour?.url ?? null;
      setConfirming(null);
    } catch (error) {
      toast({ title: 'Photo Not Deleted', description: serverMessageOr(error, 'Something went wrong. Please try again.'), variant: 'destructive' });
    }
  }

  const isFileDrag = (event: DragEvent) => event.dataTransfer.types.includes('Files');

  return (
    <div className="mt-6" aria-labelledby={headingId} role="group">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id={headingId} className="font-semibold text-slate-900">
          {title}
        </h3>
        <span className="text-sm text-slate-600">
          {list.length} of {photosPerList}
        </span>
      </div>
      <p className="mt-0.5 text-sm text-slate-600">{hint}</p>

      <div
        data-testid={`photo-drop-${kind}`}
        onDragOver={(event) => {
          if (!isFileDrag(event)) return;
          event.preventDefault();
          setDropActive(true);
        }}
        onDragLeave={() => setDropActive(false)}
        onDrop={(event) => {
          if (!isFileDrag(event)) return;
          event.preventDefault();
          setDropActive(false);
          void uploadFiles([...event.dataTransfer.files]);
        }}
        className={cn(
          'mt-3 flex flex-col items-center justify-center gap-2 rounded-2xl border-2 border-dashed px-4 py-6 text-center transition-colors focus-within:border-brand-500 focus-within:ring-2 focus-within:ring-brand-500/30',
          dropActive ? 'border-brand-500 bg-brand-50' : 'border-slate-300 bg-slate-50',
        )}
      >
        <ImagePlus aria-hidden className="h-7 w-7 text-slate-500" />
        <p className="text-sm font-semibold text-slate-800">
          <span className="max-sm:hidden">Drag and drop photos here, or </span>
          <label className="cursor-pointer text-brand-700 underline underline-offset-2 hover:text-brand-800">
            <span className="sm:hidden">Choose </span>
            <span className="max-sm:hidden">choose </span>
            files
            <input
              ref={fileInputRef}
              type="file"
              multiple
              accept="image/jpeg,image/png,image/webp"
              aria-label={`Choose ${kind === 'gym' ? 'gym' : 'hotel'} photos`}
              aria-describedby={hintId}
              className="sr-only"
              disabled={list.length >= photosPerList}
              onChange={(event) => {
                const files = [...(event.target.files ?? [])];
                event.target.value = '';
                void uploadFiles(files);
              }}
            />
          </label>
        </p>
        <p id={hintId} className="text-xs text-slate-600">
          JPEG, PNG or WebP, up to 10 MB each. Pick several at once.
        </p>
      </div>

      {uploads.length > 0 ? (
        <ul className="mt-3 space-y-2" aria-label={`${title} uploading`}>
          {uploads.map((row) => (
            <li key={row.key} className={cn('rounded-xl border px-3 py-2 text-sm', row.error ? 'border-red-200 bg-red-50' : 'border-slate-200 bg-white')}>
              <div className="flex items-center justify-between gap-3">
                <span className="min-w-0 truncate font-medium text-slate-800">{row.name}</span>
                {row.error ? (
                  <button type="button" className="shrink-0 text-xs font-semibold text-slate-700 underline" onClick={() => setUploads((rows) => rows.filter((r) => r.key !== row.key))}>
                    Dismiss
                  </button>
                ) : (
                  <span className="shrink-0 text-xs text-slate-600">{Math.round(row.progress * 100)}%</span>
                )}
              </div>
              {row.error ? (
                <p className="mt-1 flex items-center gap-1.5 text-red-800" role="alert">
                  <AlertCircle aria-hidden className="h-4 w-4 shrink-0" />
                  {row.error}
                </p>
              ) : (
                <progress className="mt-1.5 h-1.5 w-full accent-brand-600" value={row.progress} max={1} aria-label={`Uploading ${row.name}`} />
              )}
            </li>
          ))}
        </ul>
      ) : null}

      {list.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600">No {kind === 'gym' ? 'gym ' : ''}photos yet.</p>
      ) : (
        <ol ref={listRef} className="mt-4 grid gap-3 sm:grid-cols-3" aria-label={title}>
          {list.map((photo, index) => (
            <li
              key={photo.url}
              data-testid={`photo-${kind}`}
              data-photo={photo.id ?? photo.url}
              data-photo-url={photo.url}
              draggable={!busy}
              onDragStart={(event) => {
                setDragIndex(index);
                event.dataTransfer.effectAllowed = 'move';
                event.dataTransfer.setData('text/plain', photo.url);
              }}
              onDragOver={(event) => {
                if (dragIndex === null || isFileDrag(event)) return;
                event.preventDefault();
              }}
              onDrop={(event) => {
                if (dragIndex === null || isFileDrag(event)) return;
                event.preventDefault();
                const from = dragIndex;
                setDragIndex(null);
                if (from !== index) void save(moved(answer, kind, from, index), `Moved ${label(from)} to position ${index + 1}.`);
              }}
              onDragEnd={() => setDragIndex(null)}
              className={cn('flex overflow-hidden rounded-xl border bg-white sm:block', photo.isCover ? 'border-brand-500 ring-2 ring-brand-500/30' : 'border-slate-200', dragIndex === index && 'opacity-60')}
            >
              <div className="relative w-36 shrink-0 sm:w-auto">
                <HotelImage
                  src={photo.url}
                  alt={`${hotelName} ${label(index)}${photo.isCover ? ', cover' : ''}`}
                  ratio="4 / 3"
                  sizes="(min-width: 640px) 240px, 144px"
                  preferredWidth={400}
                  draggable={false}
                />
                {photo.isCover ? (
                  <span className="absolute top-2 left-2 inline-flex items-center gap-1 rounded-full bg-brand-600 px-2 py-0.5 text-xs font-semibold text-white" data-testid="cover-badge">
                    <Star aria-hidden className="h-3 w-3 fill-white" /> Cover
                  </span>
                ) : null}
              </div>
              <div className="flex flex-1 flex-wrap content-center items-center gap-1 p-1.5">
                <IconButton
                  label={`Move ${label(index)} earlier`}
                  data-action="earlier"
                  disabled={busy || index === 0}
                  onClick={() => void save(moved(answer, kind, index, index - 1), `Moved ${label(index)} to position ${index}.`, { url: photo.url, action: 'earlier' })}
                >
                  <ArrowLeft aria-hidden className="h-4 w-4" />
                </IconButton>
                <IconButton
                  label={`Move ${label(index)} later`}
                  data-action="later"
                  disabled={busy || index === list.length - 1}
                  onClick={() => void save(moved(answer, kind, index, index + 1), `Moved ${label(index)} to position ${index + 2}.`, { url: photo.url, action: 'later' })}
                >
                  <ArrowRight aria-hidden className="h-4 w-4" />
                </IconButton>
                {kind === 'hotel' && !photo.isCover ? (
                  <IconButton
                    label={`Make ${label(index)} the cover`}
                    data-action="cover"
                    disabled={busy}
                    onClick={() => void save({ ...currentArrangement(answer), cover: photo.url }, `${label(index)} is now the cover.`, { url: photo.url, action: 'cover' })}
                  >
                    <Star aria-hidden className="h-4 w-4" />
                  </IconButton>
                ) : null}
                <IconButton label={`Delete ${label(index)}`} data-action="delete" disabled={busy} className="text-red-700 hover:bg-red-50 sm:ml-auto" onClick={() => setConfirming(photo)}>
                  <Trash2 aria-hidden className="h-4 w-4" />
                </IconButton>
                <CaptionField
                  key={`${photo.url}:${photo.caption ?? ''}`}
                  caption={photo.caption ?? ''}
                  label={`Caption of ${label(index)}`}
                  disabled={busy}
                  onSave={(text) =>
                    void save({ ...currentArrangement(answer), captions: captionsWith(answer, photo.url, text) }, text.trim() ? `Caption of ${label(index)} saved.` : `Caption of ${label(index)} removed.`)
                  }
                />
              </div>
            </li>
          ))}
        </ol>
      )}

      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => {
          if (!open) setConfirming(null);
        }}
        title="Delete this photo?"
        description={status === 'approved' ? 'It leaves your live listing once our team approves the change.' : 'It is removed from your listing at once.'}
        confirmLabel="Delete Photo"
        busyLabel="Deleting..."
        busy={busy}
        onConfirm={() => {
          if (confirming) void confirmDelete(confirming);
        }}
        onCloseAutoFocus={(event) => {
          const next = focusAfterDelete.current;
          focusAfterDelete.current = undefined;
          if (next === undefined) return;
          event.preventDefault();
          if (next) refocus(next, 'delete');
          else fileInputRef.current?.focus();
        }}
      />
    </div>
  );
}

function IconButton({ label, className, ...props }: { label: string } & ButtonHTMLAttributes<HTMLButtonElement>) {
  return (
    <Button variant="ghost" size="icon" aria-label={label} title={label} className={cn('h-10 w-10 rounded-lg', className)} {...props} />
  );
}

/**
 * What the photo shows, in a few words (docs/decisions.md, "Photos in a lightbox"): travellers read it under the photo
 * and screen readers as its description. Saved on Enter or on leaving the box, when changed.
 */
function CaptionField({ caption, label, disabled, onSave }: { caption: string; label: string; disabled: boolean; onSave: (text: string) => void }) {
  const [text, setText] = useState(caption);
  const id = useId();
  const tooLong = text.trim().length > photoCaptionMax;
  const commit = () => {
    if (tooLong || text.trim() === caption.trim()) return;
    onSave(text);
  };
  return (
    <div className="w-full px-0.5 pt-1">
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <input
        id={id}
        type="text"
        value={text}
        maxLength={photoCaptionMax + 20}
        placeholder="Caption: what the photo shows"
        disabled={disabled}
        onChange={(event) => setText(event.target.value)}
        onBlur={commit}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            commit();
          }
        }}
        aria-invalid={tooLong || undefined}
        aria-describedby={tooLong ? `${id}-error` : undefined}
        className="h-9 w-full rounded-lg border border-slate-300 px-2 text-sm text-slate-800 placeholder:text-slate-500 focus-visible:ring-2 focus-visible:ring-ocean-500 focus-visible:outline-none"
        data-testid="photo-caption"
      />
      {tooLong ? (
        <p id={`${id}-error`} className="mt-1 text-xs text-red-700" role="alert">
          {photoCaptionMessages.captionMax}
        </p>
      ) : null}
    </div>
  );
}
