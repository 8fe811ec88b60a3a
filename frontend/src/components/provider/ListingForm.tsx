import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Info } from 'lucide-react';
import { gymAccessLabels, gymAccessTypes } from '@reproute/contracts';
import { cityLabel, useCities } from '@/api/cities';
import { ApiError } from '@/api/request';
import { TextAreaField, TextField } from '@/components/ui/Field';
import { Button } from '@/components/ui/Button';
import { FormSection, SelectField } from './FormControls';
import { listingFormSchema, providerCurrencies, type ListingFormInput, type ListingFormOutput } from './listingForm';

const formFields = ['name', 'description', 'gymAccessType', 'equipmentText', 'address', 'cityId', 'pricePerNight', 'currency', 'imageUrl', 'bookingUrl', 'contactEmail'] as const;

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
  const cities = useCities();
  const form = useForm<ListingFormInput, unknown, ListingFormOutput>({ resolver: zodResolver(listingFormSchema), defaultValues });
  const { errors, isSubmitting } = form.formState;
  const message = (field: keyof ListingFormInput) => errors[field]?.message;
  // A listing priced in another supported currency (AED, say) keeps it as a choice.
  const given = typeof defaultValues.currency === 'string' ? defaultValues.currency : undefined;
  const currencyChoices: string[] = given && !(providerCurrencies as readonly string[]).includes(given) ? [...providerCurrencies, given] : [...providerCurrencies];

  useEffect(() => {
    // A select keeps "" when its value arrives before its options; re-apply the city once they exist.
    if (cities.data) form.setValue('cityId', form.getValues('cityId'));
  }, [cities.data, form]);

  const submit = form.handleSubmit(async (values) => {
    try {
      await onSubmit(values);
    } catch (error) {
      // Put the server's field messages next to their fields; the caller shows the toast.
      if (error instanceof ApiError) {
        for (const field of formFields) {
          const text = error.fieldMessage(field === 'equipmentText' ? 'rawEquipment' : field);
          if (text) form.setError(field, { message: text });
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
        <TextField
          label="Gym equipment"
          placeholder="Squat rack, Dumbbells to 40kg, Rower, Sauna"
          hint={<p className="mt-1.5 text-xs text-slate-600">Separate items with commas. Travellers filter by these.</p>}
          error={message('equipmentText')}
          {...form.register('equipmentText')}
        />
      </FormSection>

      <FormSection title="Location">
        <TextField label="Address" autoComplete="street-address" aria-required className="sm:col-span-2" error={message('address')} {...form.register('address')} />
        <SelectField label="City" error={message('cityId')} disabled={cities.isPending} {...form.register('cityId')}>
          <option value="">{cities.isPending ? 'Loading cities...' : 'Choose a city'}</option>
          {(cities.data ?? []).map((city) => (
            <option key={city.id} value={String(city.id)}>
              {cityLabel(city)}
            </option>
          ))}
        </SelectField>
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
