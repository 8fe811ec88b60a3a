import type { ProviderLead } from '@reproute/contracts';
import { leadRow } from '@/pages/provider/dashboardFigures';

/** Lead Analytics: Date, Hotel, Customer, Email, Check-in, Guests and the booking link's referral id, newest first. */
export function LeadTable({ leads }: { leads: ProviderLead[] }) {
  const rows = leads.map((lead) => ({ ...leadRow(lead), referralId: lead.referralId || '--' }));
  return (
    <div className="overflow-x-auto rounded-2xl border border-slate-200 bg-white shadow-sm" tabIndex={0} role="region" aria-label="Leads">
      <table className="w-full min-w-[880px] text-left text-sm" data-testid="lead-table">
        <thead className="bg-slate-50 text-xs font-semibold tracking-wide text-slate-600 uppercase">
          <tr>
            <th scope="col" className="px-4 py-3">Date</th>
            <th scope="col" className="px-4 py-3">Hotel</th>
            <th scope="col" className="px-4 py-3">Customer</th>
            <th scope="col" className="px-4 py-3">Email</th>
            <th scope="col" className="px-4 py-3">Check-in</th>
            <th scope="col" className="px-4 py-3 text-right">Guests</th>
            <th scope="col" className="px-4 py-3">Referral ID</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map((row) => (
            <tr key={row.id} className="text-slate-800">
              <td className="px-4 py-3 whitespace-nowrap">{row.date}</td>
              <td className="px-4 py-3 font-medium text-slate-900">{row.hotel}</td>
              <td className="px-4 py-3">{row.customer}</td>
              <td className="px-4 py-3 break-all">{row.email}</td>
              <td className="px-4 py-3 whitespace-nowrap">{row.checkIn}</td>
              <td className="px-4 py-3 text-right">{row.guests}</td>
              <td className="px-4 py-3 font-mono text-xs whitespace-nowrap" data-testid="lead-referral-id">{row.referralId}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
