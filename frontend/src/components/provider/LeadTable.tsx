import type { ProviderLead } from '@reproute/contracts';
import { leadStatuses, type LeadStatus } from '@reproute/contracts/lead-values';
import { leadRow, leadStatusLabels } from '@/pages/provider/dashboardFigures';
import { cn } from '@/lib/cn';
import { LeadFollowUp } from './LeadFollowUp';

/** The traveller's address as a link that starts an email to them; plain text when there is none. */
export function LeadEmail({ email }: { email: string | null }) {
  if (!email) return <span>--</span>;
  return (
    <a href={`mailto:${email}`} className="font-medium break-all text-ocean-700 underline underline-offset-2 hover:text-ocean-900" data-testid="lead-email">
      {email}
    </a>
  );
}

/** What the traveller wrote, kept as they wrote it (line breaks included); nothing when they wrote nothing. */
export function LeadMessage({ message }: { message: string | null }) {
  if (!message?.trim()) return <span className="text-slate-500">No message</span>;
  return (
    <p className="break-words whitespace-pre-line text-slate-900" data-testid="lead-message">
      {message}
    </p>
  );
}

export type LeadStatusChange = (lead: ProviderLead, status: LeadStatus) => void;

const statusTone: Record<LeadStatus, string> = {
  new: 'border-ocean-500/50 bg-ocean-50 text-ocean-900',
  contacted: 'border-amber-300 bg-amber-50 text-amber-900',
  booked: 'border-emerald-300 bg-emerald-50 text-emerald-900',
  lost: 'border-slate-300 bg-slate-100 text-slate-700',
};

function rowsOf(leads: ProviderLead[]) {
  return leads.map((lead) => ({ lead, ...leadRow(lead), referralId: lead.referralId || '--' }));
}

/** A lead's status as a native select (readable on phones and by screen readers); plain text when it cannot be changed. */
export function LeadStatusSelect({ lead, customer, onChange }: { lead: ProviderLead; customer: string; onChange?: LeadStatusChange }) {
  const label = `Status of the lead from ${customer}${lead.referralId ? ` (${lead.referralId})` : ''}`;
  if (!onChange) return <span className={cn('inline-block rounded-lg border px-2 py-1 text-xs font-semibold', statusTone[lead.status])}>{leadStatusLabels[lead.status]}</span>;
  return (
    <select
      aria-label={label}
      data-testid="lead-status"
      value={lead.status}
      onChange={(event) => onChange(lead, event.target.value as LeadStatus)}
      className={cn(
        'min-h-9 rounded-lg border px-2 py-1 text-sm font-semibold focus:ring-2 focus:ring-ocean-500/40 focus:outline-none',
        statusTone[lead.status],
      )}
    >
      {leadStatuses.map((status) => (
        <option key={status} value={status}>
          {leadStatusLabels[status]}
        </option>
      ))}
    </select>
  );
}

/**
 * Lead Analytics: Date, Hotel, Customer, Email, Check-in, Check-out, Guests, the booking link's
 * referral id and the lead's status, newest first. Wider than a phone: the inbox shows LeadCards there.
 */
export function LeadTable({ leads, onStatusChange, className }: { leads: ProviderLead[]; onStatusChange?: LeadStatusChange; className?: string }) {
  return (
    <div className={cn('overflow-x-auto rounded-2xl border border-slate-200 bg-white shadow-sm', className)} tabIndex={0} role="region" aria-label="Leads">
      <table className="w-full min-w-[1520px] text-left text-sm" data-testid="lead-table">
        <thead className="bg-slate-50 text-xs font-semibold tracking-wide text-slate-600 uppercase">
          <tr>
            <th scope="col" className="px-4 py-3">Date</th>
            <th scope="col" className="px-4 py-3">Hotel</th>
            <th scope="col" className="px-4 py-3">Customer</th>
            <th scope="col" className="px-4 py-3">Email</th>
            <th scope="col" className="px-4 py-3">Check-in</th>
            <th scope="col" className="px-4 py-3">Check-out</th>
            <th scope="col" className="px-4 py-3 text-right">Guests</th>
            <th scope="col" className="px-4 py-3">Referral ID</th>
            <th scope="col" className="px-4 py-3">Status</th>
            <th scope="col" className="px-4 py-3">Message</th>
            <th scope="col" className="px-4 py-3">Follow-up</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rowsOf(leads).map((row) => (
            <tr key={row.id} className="text-slate-800" data-testid="lead-row">
              <td className="px-4 py-3 whitespace-nowrap">{row.date}</td>
              <td className="px-4 py-3 font-medium text-slate-900">{row.hotel}</td>
              <td className="px-4 py-3">{row.customer}</td>
              <td className="min-w-48 px-4 py-3 break-all">
                <LeadEmail email={row.lead.email} />
              </td>
              <td className="px-4 py-3 whitespace-nowrap">{row.checkIn}</td>
              <td className="px-4 py-3 whitespace-nowrap">{row.checkOut}</td>
              <td className="px-4 py-3 text-right">{row.guests}</td>
              <td className="px-4 py-3 font-mono text-xs whitespace-nowrap" data-testid="lead-referral-id">{row.referralId}</td>
              <td className="px-4 py-2">
                <LeadStatusSelect lead={row.lead} customer={row.customer} onChange={onStatusChange} />
              </td>
              <td className="max-w-72 min-w-56 px-4 py-3 align-top">
                <LeadMessage message={row.lead.message} />
              </td>
              <td className="min-w-64 px-4 py-3 align-top">{onStatusChange ? <LeadFollowUp lead={row.lead} customer={row.customer} /> : null}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The same leads as a list of cards, for phone widths where a nine-column table would need sideways scrolling. */
export function LeadCards({ leads, onStatusChange, className }: { leads: ProviderLead[]; onStatusChange?: LeadStatusChange; className?: string }) {
  return (
    <ul className={cn('grid gap-3', className)} aria-label="Leads" data-testid="lead-cards">
      {rowsOf(leads).map((row) => (
        <li key={row.id} className="min-w-0 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm" data-testid="lead-card">
          <div className="flex flex-wrap items-start justify-between gap-3">
            <div className="min-w-0 flex-1">
              <p className="font-semibold break-words text-slate-900">{row.customer}</p>
              <p className="text-sm">
                <LeadEmail email={row.lead.email} />
              </p>
            </div>
            <LeadStatusSelect lead={row.lead} customer={row.customer} onChange={onStatusChange} />
          </div>
          <div className="mt-3 rounded-xl bg-slate-50 p-3 text-sm">
            <p className="text-xs font-medium text-slate-600">Message</p>
            <LeadMessage message={row.lead.message} />
          </div>
          <dl className="mt-3 grid min-w-0 grid-cols-2 gap-x-4 gap-y-2 text-sm">
            <div className="col-span-2">
              <dt className="text-xs font-medium text-slate-600">Hotel</dt>
              <dd className="font-medium text-slate-900">{row.hotel}</dd>
            </div>
            <div>
              <dt className="text-xs font-medium text-slate-600">Check-in</dt>
              <dd className="text-slate-900">{row.checkIn}</dd>
            </div>
            <div>
              <dt className="text-xs font-medium text-slate-600">Check-out</dt>
              <dd className="text-slate-900">{row.checkOut}</dd>
            </div>
            <div>
              <dt className="text-xs font-medium text-slate-600">Guests</dt>
              <dd className="text-slate-900">{row.guests}</dd>
            </div>
            <div>
              <dt className="text-xs font-medium text-slate-600">Date</dt>
              <dd className="text-slate-900">{row.date}</dd>
            </div>
            <div className="col-span-2">
              <dt className="text-xs font-medium text-slate-600">Referral ID</dt>
              <dd className="font-mono text-xs break-all text-slate-900">{row.referralId}</dd>
            </div>
          </dl>
          {onStatusChange ? (
            <div className="mt-3 border-t border-slate-100 pt-3">
              <LeadFollowUp lead={row.lead} customer={row.customer} />
            </div>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
