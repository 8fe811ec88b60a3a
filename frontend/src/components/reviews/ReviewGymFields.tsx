import { useId, useRef, useState } from 'react';
import { Controller, type Control, type UseFormRegister } from 'react-hook-form';
import { ImagePlus, X } from 'lucide-react';
import {
  gymSubScoreHints,
  gymSubScoreKeys,
  gymSubScoreLabels,
  hourLabel,
  reviewGymMessages,
  reviewPhotosPerReview,
  trainingKindLabels,
  trainingKinds,
  trainingTimeBandLabels,
  trainingTimeBands,
  type ReviewPhoto,
} from '@reproute/contracts';
import { photoFileProblem } from '@/api/photos';
import { uploadReviewPhoto } from '@/api/reviewPhotos';
import { serverMessageOr } from '@/api/request';
import { SelectField } from '@/components/provider/FormControls';
import { Button } from '@/components/ui/Button';
import { StarRatingInput } from './StarRating';
import type { ReviewFormInput, ReviewFormOutput } from './reviewForm';

/**
 * The review form's gym details, all optional: four sub-scores, when the reviewer trained (an hour, or only the
 * time of day) and what they trained.
 */
export function ReviewGymFields({ control, register, hourChosen }: { control: Control<ReviewFormInput, unknown, ReviewFormOutput>; register: UseFormRegister<ReviewFormInput>; hourChosen: boolean }) {
  return (
    <fieldset className="grid gap-5 rounded-xl border border-slate-200 p-4 sm:col-span-2 sm:grid-cols-2 sm:p-5" data-testid="review-gym-fields">
      <legend className="px-1 text-base font-bold text-slate-900">The gym in detail (optional)</legend>
      <p className="-mt-2 text-sm text-slate-600 sm:col-span-2">Scores other lifters can compare; leave any you did not notice.</p>
      {gymSubScoreKeys.map((key) => (
        <div key={key}>
          <Controller
            control={control}
            name={`gymScores.${key}`}
            render={({ field }) => <StarRatingInput label={gymSubScoreLabels[key]} name={`gymScores-${key}`} value={Number(field.value) || 0} onChange={field.onChange} onBlur={field.onBlur} />}
          />
          <p className="mt-1 text-xs text-slate-600">{gymSubScoreHints[key]}</p>
        </div>
      ))}
      <SelectField label="Hour you trained" {...register('trainedHour')}>
        <option value="">Not sure</option>
        {Array.from({ length: 24 }, (_, hour) => (
          <option key={hour} value={String(hour)}>
            {hourLabel(hour)}
          </option>
        ))}
      </SelectField>
      <SelectField label="Or the time of day" disabled={hourChosen} {...register('trainedBand')}>
        <option value="">{hourChosen ? 'Taken from the hour' : 'Not sure'}</option>
        {trainingTimeBands.map((band) => (
          <option key={band} value={band}>
            {trainingTimeBandLabels[band]}
          </option>
        ))}
      </SelectField>
      <fieldset className="sm:col-span-2">
        <legend className="mb-1.5 block text-sm font-medium text-slate-800">What you trained</legend>
        <div className="flex flex-wrap gap-2">
          {trainingKinds.map((kind) => (
            <label
              key={kind}
              className="inline-flex cursor-pointer items-center gap-2 rounded-full border border-slate-300 px-3 py-1.5 text-sm has-[:checked]:border-ocean-600 has-[:checked]:bg-ocean-50 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ocean-600"
            >
              <input type="checkbox" value={kind} className="h-4 w-4 accent-ocean-600" {...register('trainedKinds')} />
              {trainingKindLabels[kind]}
            </label>
          ))}
        </div>
      </fieldset>
    </fieldset>
  );
}

interface Uploading {
  key: string;
  name: string;
  progress: number;
}

/**
 * Gym photos for the review: each file is uploaded at once (stripped of its metadata and resized by the server) and
 * shown here; the review names them when it is submitted. Up to six; they are published with the review.
 */
export function ReviewPhotoUpload({ photos, onChange, disabled }: { photos: ReviewPhoto[]; onChange: (photos: ReviewPhoto[]) => void; disabled?: boolean }) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState<Uploading[]>([]);
  const [error, setError] = useState<string | null>(null);
  const latest = useRef(photos);
  latest.current = photos;
  const room = reviewPhotosPerReview - photos.length - uploading.length;

  const add = async (files: File[]) => {
    setError(null);
    if (files.length > room) {
      setError(reviewGymMessages.photoIdsMax);
      files = files.slice(0, Math.max(room, 0));
    }
    for (const file of files) {
      const problem = photoFileProblem(file);
      if (problem) {
        setError(`${file.name}: ${problem}`);
        continue;
      }
      const key = `${file.name}-${Math.random().toString(36).slice(2)}`;
      setUploading((list) => [...list, { key, name: file.name, progress: 0 }]);
      try {
        const photo = await uploadReviewPhoto(file, (progress) => setUploading((list) => list.map((u) => (u.key === key ? { ...u, progress } : u))));
        onChange([...latest.current, photo]);
      } catch (err) {
        setError(`${file.name}: ${serverMessageOr(err, 'The photo could not be uploaded. Please try again.')}`);
      } finally {
        setUploading((list) => list.filter((u) => u.key !== key));
      }
    }
  };

  return (
    <div className="sm:col-span-2" data-testid="review-photo-upload">
      <p id={`${id}-label`} className="text-sm font-medium text-slate-800">
        Gym photos (optional)
      </p>
      <p id={`${id}-hint`} className="mt-1 text-xs text-slate-600">
        Up to {reviewPhotosPerReview} JPEG, PNG or WebP photos of the gym, 10 MB each. We remove their location and camera details; they are published with your review.
      </p>
      <ul className="mt-2 flex flex-wrap gap-2" aria-label="Photos added">
        {photos.map((photo, i) => (
          <li key={photo.id} className="relative">
            <img src={photo.src} srcSet={photo.srcSet} sizes="96px" alt={`Your gym photo ${i + 1}`} width={96} height={72} className="h-18 w-24 rounded-lg object-cover" />
            <button
              type="button"
              className="absolute -top-2 -right-2 flex h-7 w-7 items-center justify-center rounded-full bg-slate-900 text-white focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ocean-600"
              onClick={() => onChange(photos.filter((p) => p.id !== photo.id))}
              aria-label={`Remove gym photo ${i + 1}`}
            >
              <X aria-hidden className="h-4 w-4" />
            </button>
          </li>
        ))}
        {uploading.map((u) => (
          <li key={u.key} className="flex h-18 w-24 flex-col items-center justify-center rounded-lg bg-slate-100 px-1 text-center text-xs text-slate-700">
            <span className="w-full truncate">{u.name}</span>
            <progress className="mt-1 w-full" max={1} value={u.progress} aria-label={`Uploading ${u.name}`} />
          </li>
        ))}
      </ul>
      <input
        ref={input}
        id={`${id}-input`}
        type="file"
        accept="image/jpeg,image/png,image/webp"
        multiple
        className="sr-only"
        aria-labelledby={`${id}-label`}
        aria-describedby={`${id}-hint`}
        data-testid="review-photo-input"
        disabled={disabled || room <= 0}
        onChange={(event) => {
          const files = Array.from(event.target.files ?? []);
          event.target.value = '';
          void add(files);
        }}
      />
      <Button type="button" variant="outline" size="sm" className="mt-2" disabled={disabled || room <= 0} onClick={() => input.current?.click()}>
        <ImagePlus aria-hidden className="h-4 w-4" />
        Add gym photos
      </Button>
      {error ? (
        <p role="alert" className="mt-1.5 text-sm font-medium text-red-600" data-testid="review-photo-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
