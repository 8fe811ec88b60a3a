import { useEffect, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { gymAccessTypes, type Hotel } from '@reproute/contracts';
import { useCreateHotel, useUpdateHotel } from '@/api/admin';
import { TextAreaField, TextField } from '@/components/ui/Field';
import { Button } from '@/components/ui/Button';
import { SelectField } from '@/components/provider/FormControls';
import { GymDataFields } from '@/components/provider/GymDataFields';
import { PlaceFields } from '@/components/provider/PlaceFields';
import { useGymDataFields, usePlaceFields } from '@/components/provider/useListingFields';
import { toast } from '@/store/toast';
import { adminHotelFormSchema, currencyChoices, emptyAdminHotelForm, formValuesFromHotel, toAdminHotelChanges, toAdminHotelPayload, type AdminHotelFormValues } from './adminHotelForm';

interface HotelDialogProps {
  open: boolean;
  /** The hotel being edited; null means create mode. */
  hotel: Hotel | null;
  onOpenChange: (open: boolean) => void;
}

/** "Add New Hotel" / "Edit Hotel": every field of the admin form; Create/Update disabled while saving. */
export function HotelDialog({ open, hotel, onOpenChange }: HotelDialogProps) {
  const create = useCreateHotel();
  const update = useUpdateHotel();
  const saving = create.isPending || update.isPending;
  const form = useForm<AdminHotelFormValues>({ resolver: zodResolver(adminHotelFormSchema), defaultValues: emptyAdminHotelForm });
  const { errors } = form.formState;
  const gym = useGymDataFields(form, 'admin-gym');
  const place = usePlaceFields(form, { prefix: '', idPrefix: 'admin-place', placeholder: 'Select a city', active: open });

  // What the form showed when it opened: an update sends only the fields that differ from it.
  const initial = useRef<AdminHotelFormValues>(emptyAdminHotelForm);
  const hotelId = hotel?.id;
  useEffect(() => {
    // Fill the form when the dialog opens (or switches hotel), not on every list refresh.
    if (!open) return;
    initial.current = hotel ? formValuesFromHotel(hotel) : emptyAdminHotelForm;
    form.reset(initial.current);
  }, [open, hotelId]);

  const submit = form.handleSubmit(async (values) => {
    try {
      if (hotel) await update.mutateAsync({ id: hotel.id, body: toAdminHotelChanges(initial.current, values) });
      else await create.mutateAsync(toAdminHotelPayload(values));
    } catch {
      toast({ title: 'Error', description: hotel ? 'Failed to update hotel. Please try again.' : 'Failed to create hotel. Please try again.', variant: 'destructive' });
      return;
    }
    place.saved(values.cityId);
    toast({ title: 'Success', description: hotel ? 'Hotel updated!' : 'Hotel created!' });
    form.reset(emptyAdminHotelForm);
    onOpenChange(false);
  });

  return (
    <Dialog.Root open={open} onOpenChange={(next) => (saving ? undefined : onOpenChange(next))}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-950/60" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 max-h-[92vh] w-[calc(100vw-1.5rem)] max-w-2xl -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-5 shadow-2xl sm:p-6">
          <div className="flex items-start justify-between gap-4">
            <Dialog.Title className="font-display text-xl font-bold text-slate-900">{hotel ? 'Edit Hotel' : 'Add New Hotel'}</Dialog.Title>
            <Dialog.Close aria-label="Close" className="rounded-full p-1.5 text-slate-500 hover:bg-slate-100" disabled={saving}>
              <X aria-hidden className="h-5 w-5" />
            </Dialog.Close>
          </div>
          <Dialog.Description className="mt-1 text-sm text-slate-600">
            {hotel ? 'Change the details of this hotel.' : 'Hotels created here are live at once.'} Name, address and gym access are required.
          </Dialog.Description>
          <form onSubmit={submit} noValidate className="mt-5 grid gap-4 sm:grid-cols-2">
            <TextField label="Name" aria-required className="sm:col-span-2" error={errors.name?.message} {...form.register('name')} />
            <PlaceFields {...place.fields} />
            <TextField label="Address" aria-required error={errors.address?.message} {...form.register('address')} />
            <TextAreaField label="Description" className="sm:col-span-2" rows={3} error={errors.description?.message} {...form.register('description')} />
            <TextField label="Price per night" type="number" step="0.01" min={0} inputMode="decimal" error={errors.pricePerNight?.message} {...form.register('pricePerNight')} />
            <SelectField label="Currency" error={errors.currency?.message} {...form.register('currency')}>
              {currencyChoices(hotel?.currency).map((code) => (
                <option key={code} value={code}>
                  {code}
                </option>
              ))}
            </SelectField>
            <SelectField label="Gym access type" aria-required error={errors.gymAccessType?.message} {...form.register('gymAccessType')}>
              {gymAccessTypes.map((type) => (
                <option key={type} value={type}>
                  {type}
                </option>
              ))}
            </SelectField>
            <TextField label="Image URL" type="url" error={errors.imageUrl?.message} {...form.register('imageUrl')} />
            <TextField label="Booking URL" type="url" className="sm:col-span-2" error={errors.bookingUrl?.message} {...form.register('bookingUrl')} />
            <h3 className="pt-2 text-base font-bold text-slate-900 sm:col-span-2">Gym equipment and facilities</h3>
            <GymDataFields {...gym} />
            <label className="flex items-center gap-3 rounded-xl border border-slate-200 px-4 py-3 text-sm font-medium text-slate-800 sm:col-span-2">
              <input type="checkbox" className="h-5 w-5 rounded border-slate-300 accent-brand-600" {...form.register('isPremium')} />
              Premium hotel
            </label>
            {hotel ? <p className="text-sm text-slate-600 sm:col-span-2">Affiliate clicks so far: {hotel.affiliateClicks ?? 0}</p> : null}
            <div className="flex flex-col-reverse gap-2 pt-2 sm:col-span-2 sm:flex-row sm:justify-end">
              <Button variant="outline" disabled={saving} onClick={() => onOpenChange(false)}>
                Cancel
              </Button>
              <Button type="submit" disabled={saving}>
                {hotel ? 'Update Hotel' : 'Create Hotel'}
              </Button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
