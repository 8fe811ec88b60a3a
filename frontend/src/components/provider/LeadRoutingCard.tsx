import { useEffect, useState } from 'react';
import { Mail } from 'lucide-react';
import { useLeadRouting, useSaveLeadRouting } from '@/api/leadFollowUp';
import { serverMessageOr } from '@/api/request';
import { Button } from '@/components/ui/Button';
import { FormAlert } from '@/components/FormAlert';
import { toast } from '@/store/toast';
import type { LeadDelivery } from '@reproute/contracts';

const deliveryChoices: { value: LeadDelivery; label: string }[] = [
  { value: 'instant', label: 'Each lead at once' },
  { value: 'daily', label: 'One digest a day (08:00 UTC)' },
];

/** Who is emailed for the chosen property's leads (members and extra addresses, one per line); none: the listing's lead address. */
export function LeadRoutingCard({ hotelId, hotelName }: { hotelId: number; hotelName: string }) {
  const routing = useLeadRouting(hotelId);
  const save = useSaveLeadRouting();
  const [text, setText] = useState('');
  const [delivery, setDelivery] = useState<LeadDelivery>('instant');
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (Array.isArray(routing.data?.recipients)) setText(routing.data.recipients.join('\n'));
    if (routing.data?.delivery) setDelivery(routing.data.delivery);
  }, [routing.data]);
  // A member whose role does not choose routing for this property (the server answers 404) sees nothing here.
  if (!routing.data || !Array.isArray(routing.data.recipients)) return null;
  const onSave = async () => {
    setError(null);
    const recipients = text.split(/[\n,;]+/).map((line) => line.trim()).filter(Boolean);
    try {
      await save.mutateAsync({ hotelId, body: { recipients, delivery } });
      const where = recipients.length ? `${recipients.length} ${recipients.length === 1 ? 'address' : 'addresses'}` : "the listing's lead address";
      toast({ title: 'Lead emails saved', description: delivery === 'daily' ? `Leads of ${hotelName} go to ${where} in one digest a day at 08:00 UTC.` : `Each new lead of ${hotelName} goes to ${where} at once.` });
    } catch (err) {
      setError(serverMessageOr(err, 'The addresses could not be saved. Please try again.'));
    }
  };
  return (
    <div className="mt-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm" data-testid="lead-routing">
      <h3 className="flex items-center gap-2 font-semibold text-slate-900">
        <Mail aria-hidden className="h-4 w-4" /> Who is emailed for leads of {hotelName}
      </h3>
      <p className="mt-1 text-sm text-slate-600">
        Leads are emailed to every address below (team members or any other address, one per line, at most 10), each at once or in one digest a day.
        {routing.data.fallback ? ` With none, leads go to the listing's lead address, ${routing.data.fallback}.` : ''}
      </p>
      <div className="mt-3 grid gap-2">
        <FormAlert message={error} />
        <label htmlFor="lead-routing-recipients" className="text-sm font-medium text-slate-800">
          Addresses
        </label>
        <textarea
          id="lead-routing-recipients"
          rows={3}
          value={text}
          onChange={(event) => setText(event.target.value)}
          className="block w-full min-w-0 rounded-xl border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 focus:border-ocean-500 focus:ring-2 focus:ring-ocean-500/25 focus:outline-none"
        />
        <fieldset className="mt-1">
          <legend className="text-sm font-medium text-slate-800">When</legend>
          <div className="mt-1 grid gap-1 sm:flex sm:gap-4">
            {deliveryChoices.map((choice) => (
              <label key={choice.value} className="flex min-h-11 items-center gap-2 text-sm text-slate-800">
                <input
                  type="radio"
                  name={`lead-delivery-${hotelId}`}
                  value={choice.value}
                  checked={delivery === choice.value}
                  onChange={() => setDelivery(choice.value)}
                  className="h-4 w-4 accent-ocean-600"
                />
                {choice.label}
              </label>
            ))}
          </div>
        </fieldset>
        <div>
          <Button size="sm" onClick={() => void onSave()} disabled={save.isPending}>
            {save.isPending ? 'Saving...' : 'Save lead emails'}
          </Button>
        </div>
      </div>
    </div>
  );
}
