import { Suspense, lazy } from 'react';
import { useForm, type Path } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Info } from 'lucide-react';
import { gymAccessLabels, gymAccessTypes } from '@reproute/contracts';
import { ApiError } from '@/api/request';
import { TextAreaField, TextField } from '@/components/ui/Field';
import { Button } from '@/components/ui/Button';
import { FormSection, SelectField } from './FormControls';
import { PlaceFields } from './PlaceFields';
import { formPathOf, listingCurrencyChoices, listingFormSchema, type ListingFormInput, type ListingFormOutput } from './listingForm';
import { useGymDataFields, usePlaceFields } from './useListingFields';

// The structured gym fields (counts, hours by day, the partner gym's place) load with the form's first render, not
// before it: the form's values and checks are here, so nothing typed waits for them.
const GymDataFields = lazy(() => import('./GymDataFields').then((module) => ({ default: module.GymDataFields })));

interface ListingFormProps {
  defaultValues: ListingFormInput;
  submitLabel: string;
  busyLabel: string;
  onSubmit: (values: ListingFormOutput) => Promise<void>;
  onCancel: () => void;
  note?: string;
}

/** The provider's listing form (add and edit): basic info, location, pricing, media and booking. */
export function ListingForm({ defaultValues, submitLabel, busyLabel, onSubmit, onCancel, note }: ListingFormProps) {
  const form = useForm<ListingFormInput, unknown, ListingFormOutput>({ resolver: zodResolver(listingFormSchema), defaultValues });
  const { errors, isSubmitting } = form.formState;
  const message = (field: 'name' | 'description' | 'gymAccessType' | 'address' | 'pricePerNight' | 'currency' | 'imageUrl' | 'bookingUrl' | 'contactEmail') =>
    errors[field]?.message;
  const gym = useGymDataFields(form, 'listing-gym');
  const place = usePlaceFields(form, { prefix: 'place.', idPrefix: 'listing-place', placeholder: 'Choose a city' });
  const currencyChoices = listingCurrencyChoices(typeof defaultValues.currency === 'string' ? defaultValues.currency : undefined);

  const submit = form.handleSubmit(async (values) => {
    try {
      await onSubmit(values);
      place.saved(values.place.cityId);
    } catch (error) {
      // Put the server's field messages next to their fields; the caller shows the toast.
      if (error instanceof ApiError) {
        for (const { path, message: text } of error.body?.errors ?? []) {
          const field = formPathOf(path);
          if (field) form.setError(field as Path<ListingFormInput>, { message: text });
        }
      }
    }
  });

  return (
    <form onSubmit={submit} noValidate className="space-y-8" aria-label="Listing details">
      <FormSection title="Basic information" description="What travellers see first. Name, address, gym access and booking URL are required.">
        <TextField label="Hotel name" autoComplete="off" aria-required className="sm:col-span-2" error={message('name')} {...form.register('name')} />
        <TextAreaField label="Description" className="sm:col-span-2" rows={4} error={message('description')} {...form.register('description')} />
        <SelectField label="Gym access" aria-required error={message('gymAccessType')} {...form.register('gymAccessType')}>
          {gymAccessTypes.map((type) => (
            <option key={type} value={type}>
              {gymAccessLabels[type]}
            </option>
          ))}
        </SelectField>
      </FormSection>

      <FormSection title="Gym equipment and facilities" description="Tick everything your gym has: travellers filter by these, and they make up your gym score.">
        <Suspense fallback={<p className="text-sm text-slate-600">Loading the gym's details…</p>}>
          <GymDataFields {...gym} />
        </Suspense>
      </FormSection>

      <FormSection title="Location">
        <TextField label="Address" autoComplete="street-address" aria-required className="sm:col-span-2" error={message('address')} {...form.register('address')} />
        <PlaceFields {...place.fields} />
      </FormSection>

      <FormSection title="Pricing">
        <TextField label="Price per night" type="number" inputMode="decimal" min={0} step="0.01" error={message('pricePerNight')} {...form.register('pricePerNight')} />
        <SelectField label="Currency" error={message('currency')} {...form.register('currency')}>
          {currencyChoices.map((code) => (
            <option key={code} value={code}>
              {code}
            </option>
          ))}
        </SelectField>
      </FormSection>

      <FormSection title="Media and booking">
        <TextField label="Image URL" type="url" placeholder="https://..." error={message('imageUrl')} {...form.register('imageUrl')} />
        <TextField label="Booking URL" type="url" placeholder="https://yourhotel.com/book" aria-required error={message('bookingUrl')} {...form.register('bookingUrl')} />
        <TextField
          label="Email for leads (optional)"
          type="email"
          autoComplete="email"
          className="sm:col-span-2"
          hint={<p className="mt-1.5 text-xs text-slate-600">Where traveller leads are sent. Leave empty to use your account email.</p>}
          error={message('contactEmail')}
          {...form.register('contactEmail')}
        />
      </FormSection>

      {note ? (
        <p className="flex items-start gap-2 rounded-xl bg-ocean-50 p-4 text-sm text-ocean-900" data-testid="review-note">
          <Info aria-hidden className="mt-0.5 h-4 w-4 shrink-0" />
          {note}
        </p>
      ) : null}

      <div className="flex flex-col-reverse gap-3 border-t border-slate-200 pt-6 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" size="lg" disabled={isSubmitting}>
          {isSubmitting ? busyLabel : submitLabel}
        </Button>
      </div>
    </form>
  );
}
