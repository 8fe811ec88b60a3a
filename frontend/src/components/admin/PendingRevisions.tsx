import { useState } from 'react';
import { Link } from 'react-router-dom';
import { ArrowRight, Check, ExternalLink, X } from 'lucide-react';
import type { HotelRevision } from '@reproute/contracts';
import { useHotelRevisions, useRevisionDecision } from '@/api/admin';
import { useCities } from '@/api/cities';
import { serverMessageOr } from '@/api/request';
import { Button } from '@/components/ui/Button';
import { toast } from '@/store/toast';
import { revisionFieldLabels } from './revisionText';
import { RevisionValue } from './RevisionValue';
import { ListingRejectDialog, type ListingRejectTarget } from './ListingRejectDialog';

/**
 * Providers' changes to approved listings (name, location, booking URL, lead address, photos, gym): the
 * approved version stays public until an admin approves the change here. Shows nothing when none wait.
 */
export function PendingRevisions() {
  const revisions = useHotelRevisions();
  const cities = useCities();
  const decision = useRevisionDecision();
  const [rejecting, setRejecting] = useState<ListingRejectTarget | null>(null);

  const decide = async (revision: Pick<HotelRevision, 'hotelId' | 'hotelName'>, isApproved: boolean, reason?: string) => {
    try {
      await decision.mutateAsync({ id: revision.hotelId, isApproved, reason });
      setRejecting(null);
      toast({
        title: isApproved ? 'Changes Approved' : 'Changes Rejected',
        description: isApproved ? `The changes to ${revision.hotelName} are now live.` : `${revision.hotelName} keeps its approved details; the provider has your reason.`,
      });
    } catch (error) {
      toast({ title: 'Error', description: serverMessageOr(error, 'Failed to update listing. Please try again.'), variant: 'destructive' });
    }
  };

  if (revisions.isPending) return null;
  if (revisions.isError) return <p className="mb-6 text-red-700">Changes awaiting review could not be loaded.</p>;
  if (revisions.data.length === 0) return null;
  return (
    <section aria-labelledby="pending-revisions-heading" className="mb-10">
      <h2 id="pending-revisions-heading" className="text-xl font-bold text-slate-900">
        Changes to live listings
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        {revisions.data.length.toLocaleString('en-US')} {revisions.data.length === 1 ? 'listing has' : 'listings have'} changes awaiting review. Travellers see the approved details until you approve.
      </p>
      <ul className="mt-4 grid gap-4 lg:grid-cols-2">
        {revisions.data.map((revision) => (
          <li key={revision.hotelId} className="flex flex-col rounded-2xl border border-slate-200 bg-white p-5 shadow-sm" data-testid="pending-revision">
            <div className="flex flex-wrap items-start justify-between gap-2">
              <h3 className="text-lg font-bold text-slate-900">{revision.hotelName}</h3>
              <span className="rounded-full bg-amber-100 px-2.5 py-1 text-xs font-semibold text-amber-800">Changes Pending</span>
            </div>
            <p className="mt-1 text-sm break-all text-slate-600">
              {revision.providerEmail ?? 'No provider'} · submitted {new Date(revision.submittedAt).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric' })}
            </p>
            <dl className="mt-3 space-y-2 text-sm">
              {revision.changes.map((change) => (
                <div key={change.field} data-testid="revision-change">
                  <dt className="font-semibold text-slate-800">{revisionFieldLabels[change.field]}</dt>
                  <dd className="mt-0.5 flex flex-wrap items-center gap-1.5 [overflow-wrap:anywhere] text-slate-700">
                    <span className="rounded bg-red-50 px-1.5 py-0.5 text-red-900 line-through decoration-red-400">
                      <span className="sr-only">from </span>
                      <RevisionValue field={change.field} value={change.from} cities={cities.data} />
                    </span>
                    <ArrowRight aria-hidden className="h-3.5 w-3.5 shrink-0 text-slate-500" />
                    <span className="rounded bg-emerald-50 px-1.5 py-0.5 text-emerald-900">
                      <span className="sr-only">to </span>
                      <RevisionValue field={change.field} value={change.to} cities={cities.data} />
                    </span>
                  </dd>
                </div>
              ))}
            </dl>
            <div className="mt-4 flex flex-wrap gap-2">
              <Button
                size="sm"
                className="bg-emerald-700 shadow-none hover:bg-emerald-800"
                disabled={decision.isPending}
                onClick={() => void decide(revision, true)}
                aria-label={`Approve changes to ${revision.hotelName}`}
              >
                <Check aria-hidden className="h-4 w-4" /> Approve Changes
              </Button>
              <Button size="sm" variant="destructive" disabled={decision.isPending} onClick={() => setRejecting({ kind: 'change', hotelId: revision.hotelId, hotelName: revision.hotelName })} aria-label={`Reject changes to ${revision.hotelName}`}>
                <X aria-hidden className="h-4 w-4" /> Reject Changes
              </Button>
              <Button asChild size="sm" variant="ghost">
                <Link to={`/hotels/${revision.hotelId}`}>
                  <ExternalLink aria-hidden className="h-4 w-4" /> View live listing
                </Link>
              </Button>
            </div>
          </li>
        ))}
      </ul>
      <ListingRejectDialog
        target={rejecting}
        busy={decision.isPending}
        onCancel={() => setRejecting(null)}
        onConfirm={(reason) => rejecting && void decide({ hotelId: rejecting.hotelId, hotelName: rejecting.hotelName }, false, reason)}
      />
    </section>
  );
}
