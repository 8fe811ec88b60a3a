import { useState, type FormEvent } from 'react';
import { Download, Printer, Upload } from 'lucide-react';
import { downloadStatementCsv, useBookingActions, useFunnel, useStatement } from '@/api/bookings';
import { serverMessageOr } from '@/api/request';
import { Button } from '@/components/ui/Button';
import { TextField } from '@/components/ui/Field';
import { Card, Skeleton } from '@/components/ui/Misc';
import { toast } from '@/store/toast';

const currencies = ['USD', 'GBP', 'EUR', 'JPY', 'CAD', 'AED', 'AUD', 'CHF', 'SGD'];
const thisMonth = () => new Date().toISOString().slice(0, 7);
const money = (value: number, currency: string) => `${currency} ${value.toLocaleString('en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** The Performance tab's proof of value: clicks → leads → bookings per property and month, the monthly statement, and reporting bookings. */
export function ProofOfValue() {
  return (
    <div className="space-y-8">
      <Funnel />
      <Statement />
      <ReportBookings />
    </div>
  );
}

function Funnel() {
  const funnel = useFunnel();
  return (
    <section aria-labelledby="funnel-heading" className="space-y-3 print:hidden">
      <div>
        <h2 id="funnel-heading" className="text-xl font-bold text-slate-900">
          Clicks → leads → bookings
        </h2>
        <p className="text-sm text-slate-600">Per property and month (UTC): booking-link clicks, leads, and the bookings you reported (by check-in month).</p>
      </div>
      {funnel.isPending ? (
        <Skeleton className="h-24" aria-busy="true" aria-label="Loading the funnel" />
      ) : funnel.isError ? (
        <p role="alert" className="text-sm text-slate-700">{serverMessageOr(funnel.error, 'The funnel could not be loaded.')}</p>
      ) : funnel.data.items.length === 0 ? (
        <p className="text-sm text-slate-600">No clicks, leads or bookings in the last 12 months yet.</p>
      ) : (
        <div className="overflow-x-auto rounded-2xl border border-slate-200 bg-white">
          <table className="w-full text-left text-sm" data-testid="funnel-table">
            <thead className="bg-slate-50 text-slate-600">
              <tr>
                <th scope="col" className="px-3 py-2 font-semibold">Month</th>
                <th scope="col" className="px-3 py-2 font-semibold">Property</th>
                <th scope="col" className="px-3 py-2 text-right font-semibold">Clicks</th>
                <th scope="col" className="px-3 py-2 text-right font-semibold">Leads</th>
                <th scope="col" className="px-3 py-2 text-right font-semibold">Bookings</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {funnel.data.items.map((row) => (
                <tr key={`${row.month}-${row.hotel.id}`}>
                  <td className="px-3 py-2 whitespace-nowrap">{row.month}</td>
                  <td className="px-3 py-2">{row.hotel.name}</td>
                  <td className="px-3 py-2 text-right tabular-nums">{row.clicks}</td>
                  <td className="px-3 py-2 text-right tabular-nums">{row.leads}</td>
                  <td className="px-3 py-2 text-right tabular-nums">{row.bookings}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

/** Prints the statement alone (index.css: body.printing-statement). */
function printStatement() {
  document.body.classList.add('printing-statement');
  window.addEventListener('afterprint', () => document.body.classList.remove('printing-statement'), { once: true });
  window.print();
}

function Statement() {
  const [month, setMonth] = useState(thisMonth());
  const statement = useStatement(month);
  return (
    <section aria-labelledby="statement-heading" className="space-y-3" data-testid="statement">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h2 id="statement-heading" className="text-xl font-bold text-slate-900">
            Monthly statement <span className="font-semibold text-slate-600">{month}</span>
          </h2>
          <p className="text-sm text-slate-600">
            Referred bookings checking in that month and the commission on each, at {statement.data ? `${Math.round(statement.data.rate * 100)}%` : '12%'} (our Certified partner rate).
          </p>
        </div>
        <div className="flex flex-wrap items-end gap-2 print:hidden">
          <label className="flex flex-col gap-1 text-sm font-medium text-slate-700">
            Month
            <input type="month" className="h-10 rounded-xl border border-slate-300 bg-white px-3 text-sm" value={month} onChange={(e) => e.target.value && setMonth(e.target.value)} />
          </label>
          <Button size="sm" variant="outline" onClick={() => downloadStatementCsv(month).catch((err: unknown) => toast({ title: 'Not downloaded', description: serverMessageOr(err, 'Please try again.'), variant: 'destructive' }))}>
            <Download aria-hidden className="h-4 w-4" /> CSV
          </Button>
          <Button size="sm" variant="outline" onClick={printStatement}>
            <Printer aria-hidden className="h-4 w-4" /> Print
          </Button>
        </div>
      </div>
      {statement.isPending ? (
        <Skeleton className="h-24" aria-busy="true" aria-label="Loading the statement" />
      ) : statement.isError ? (
        <p role="alert" className="text-sm text-slate-700">{serverMessageOr(statement.error, 'The statement could not be loaded.')}</p>
      ) : statement.data.items.length === 0 ? (
        <p className="text-sm text-slate-600">No referred bookings check in in {month}.</p>
      ) : (
        <Card className="space-y-3 p-4">
          <ul className="divide-y divide-slate-100 text-sm" aria-label={`Bookings in ${month}`}>
            {statement.data.items.map((item) => (
              <li key={item.id} className="flex flex-col gap-0.5 py-2 sm:flex-row sm:items-center sm:justify-between">
                <span>
                  <span className="font-semibold text-slate-900">{item.hotel.name}</span> <span className="break-all font-mono text-xs text-slate-500">{item.referralId}</span>
                  <span className="block text-slate-600">
                    {item.checkInDate} to {item.checkOutDate}
                  </span>
                </span>
                <span className="tabular-nums text-slate-700">
                  {money(item.value, item.currency)} · commission <strong>{money(item.commission, item.currency)}</strong>
                </span>
              </li>
            ))}
          </ul>
          {statement.data.totals.map((total) => (
            <p key={total.currency} className="border-t border-slate-200 pt-2 text-sm font-semibold text-slate-900" data-testid="statement-total">
              Total {total.currency}: {total.bookings} booking{total.bookings === 1 ? '' : 's'}, {money(total.value, total.currency)}, commission {money(total.commission, total.currency)}
            </p>
          ))}
        </Card>
      )}
    </section>
  );
}

function ReportBookings() {
  const actions = useBookingActions();
  const [form, setForm] = useState({ referralId: '', value: '', currency: 'GBP', checkInDate: '', checkOutDate: '' });
  const [error, setError] = useState<string | undefined>();
  const [csvError, setCsvError] = useState<string | undefined>();
  const set = (field: keyof typeof form) => (value: string) => setForm((f) => ({ ...f, [field]: value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(undefined);
    try {
      await actions.report.mutateAsync({ ...form, referralId: form.referralId.trim(), value: Number(form.value) });
      toast({ title: 'Booking reported' });
      setForm((f) => ({ ...f, referralId: '', value: '' }));
    } catch (err) {
      setError(serverMessageOr(err, 'The booking could not be reported.'));
    }
  };

  const upload = async (file: File | undefined) => {
    if (!file) return;
    setCsvError(undefined);
    try {
      const made = await actions.upload.mutateAsync(await file.text());
      toast({ title: `${made.items.length} booking${made.items.length === 1 ? '' : 's'} reported` });
    } catch (err) {
      setCsvError(serverMessageOr(err, 'The CSV could not be read.'));
    }
  };

  return (
    <section aria-labelledby="report-heading" className="space-y-3 print:hidden">
      <div>
        <h2 id="report-heading" className="text-xl font-bold text-slate-900">
          Report a referred booking
        </h2>
        <p className="text-sm text-slate-600">By the referral id the booking link carried (RR_…), one at a time, as a CSV, or from your systems with an API key (POST /api/partner/bookings).</p>
      </div>
      <Card className="p-4 sm:p-6">
        <form onSubmit={(e) => void submit(e)} className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label="Report a booking">
          <TextField label="Referral ID" value={form.referralId} onChange={(e) => set('referralId')(e.target.value)} required placeholder="RR_12_1764547200000" error={error} />
          <TextField label="Booking value" type="number" min={0} step="0.01" value={form.value} onChange={(e) => set('value')(e.target.value)} required />
          <label className="flex flex-col gap-1.5 text-sm font-medium text-slate-800">
            Currency
            <select className="h-[46px] rounded-xl border border-slate-300 bg-white px-3 text-[15px]" value={form.currency} onChange={(e) => set('currency')(e.target.value)}>
              {currencies.map((c) => (
                <option key={c}>{c}</option>
              ))}
            </select>
          </label>
          <TextField label="Check-in" type="date" value={form.checkInDate} onChange={(e) => set('checkInDate')(e.target.value)} required />
          <TextField label="Check-out" type="date" value={form.checkOutDate} onChange={(e) => set('checkOutDate')(e.target.value)} required />
          <div className="flex items-end">
            <Button type="submit" disabled={actions.report.isPending}>
              {actions.report.isPending ? 'Reporting…' : 'Report Booking'}
            </Button>
          </div>
        </form>
        <div className="mt-6 border-t border-slate-200 pt-4">
          <label className="flex max-w-full cursor-pointer items-start gap-2 text-sm font-semibold text-ocean-700">
            <Upload aria-hidden className="mt-0.5 h-4 w-4 shrink-0" />
            <span className="min-w-0 break-words">
              Upload a CSV <span className="font-normal break-all text-slate-600">(referral_id,value,currency,check_in,check_out)</span>
            </span>
            <input type="file" accept=".csv,text/csv" className="sr-only" onChange={(e) => void upload(e.target.files?.[0])} />
          </label>
          {csvError ? (
            <p role="alert" className="mt-2 text-sm font-medium text-red-600">
              {csvError}
            </p>
          ) : null}
        </div>
      </Card>
    </section>
  );
}
