import { useEffect, useState } from 'react';
import type { AdminReview } from '@reproute/contracts';
import { useBulkModerate, useModerateReview } from '@/api/reviews';
import { useUrlFilterText, useUrlFilters } from '@/hooks/useUrlFilters';
import { toast } from '@/store/toast';
import { defaultReviewFilters, reviewFiltersFrom, reviewUrlChanges, reviewUrlKeys, type ReviewFilters, type ReviewUrlKey } from './reviewModerationQuery';

/** How long typing pauses before the search text goes to the server. */
export const reviewSearchDelayMs = 300;

/**
 * The moderation tab's filters, sort and page, kept in the URL (`rq`, `rstatus`, `rhotel`, `rrating`, `rfrom`,
 * `rto`, `rsort`, `rpage`: reviewUrlKeys), so a reload or a shared link shows the same queue and Back undoes a
 * filter. A change starts again at page 1 and takes along text typed but not yet searched for; the typed text
 * itself reaches the URL after a pause, in place of the current history entry. The URL holds a hotel's id only:
 * its name comes from the card it was picked on, or from the reviews shown (`rememberHotels`).
 */
export function useReviewFilters() {
  const { params, update } = useUrlFilters<ReviewUrlKey>({ pageKey: reviewUrlKeys.page });
  const [hotelNames, setHotelNames] = useState<ReadonlyMap<number, string>>(new Map());
  const filters = reviewFiltersFrom(params, (id) => hotelNames.get(id) ?? `Hotel ${id}`);
  const [typed, setTyped] = useUrlFilterText(filters.q, (q) => update(reviewUrlChanges({ q }), { replace: true }), {
    delayMs: reviewSearchDelayMs,
    inputId: 'review-filter',
  });

  const rememberHotels = (reviews: readonly Pick<AdminReview, 'hotelId' | 'hotelName'>[]) =>
    setHotelNames((known) => {
      const added = reviews.filter((review) => review.hotelName && known.get(review.hotelId) !== review.hotelName);
      return added.length === 0 ? known : new Map([...known, ...added.map((review) => [review.hotelId, review.hotelName!] as const)]);
    });
  const change = (changes: Partial<ReviewFilters>) => {
    if (changes.hotel) rememberHotels([{ hotelId: changes.hotel.id, hotelName: changes.hotel.name }]);
    update(reviewUrlChanges({ q: typed.trim(), ...changes }));
  };
  const clear = () => {
    setTyped('');
    change(defaultReviewFilters);
  };
  return { filters, typed, setTyped, change, clear, rememberHotels };
}

/**
 * The reviews ticked for a bulk decision. Only pending reviews of the page shown can be ticked, and each new
 * answer (a filter, the sort, a page, a search that started after its delay) keeps only the ticked reviews it
 * still shows, so a decision only ever covers reviews on screen.
 */
export function useReviewSelection(answer: { data?: { items: AdminReview[] }; isPlaceholderData: boolean }) {
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const pendingOnPage = (answer.data?.items ?? []).filter((review) => review.isApproved === null);
  useEffect(() => {
    if (answer.isPlaceholderData) return;
    const onPage = new Set(pendingOnPage.map((review) => review.id));
    setSelected((current) => {
      const kept = [...current].filter((id) => onPage.has(id));
      return kept.length === current.size ? current : new Set(kept);
    });
  }, [answer.data, answer.isPlaceholderData]);

  const toggle = (id: string, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  return {
    selected,
    pendingOnPage,
    allSelected: pendingOnPage.length > 0 && pendingOnPage.every((review) => selected.has(review.id)),
    toggle,
    toggleAll: (on: boolean) => setSelected(on ? new Set(pendingOnPage.map((review) => review.id)) : new Set()),
    clear: () => setSelected(new Set()),
  };
}

/** Which reviews a rejection dialog is about: one (from its card) or the selection. */
export type RejectTarget = { kind: 'one'; review: AdminReview } | { kind: 'selected'; ids: string[] };

const decided = (count: number) => toast({ title: 'Success', description: count === 1 ? 'Review updated!' : `${count} reviews updated!` });
const failed = () => toast({ title: 'Error', description: 'Failed to update review. Please try again.', variant: 'destructive' });

/**
 * The decisions: approve one review or the selection at once; reject either only with a reason, asked for in the
 * rejection dialog (`rejecting` is what it is about). A review decided leaves the selection.
 */
export function useReviewDecisions(selection: Pick<ReturnType<typeof useReviewSelection>, 'selected' | 'toggle' | 'clear'>) {
  const [rejecting, setRejecting] = useState<RejectTarget | null>(null);
  const moderate = useModerateReview();
  const bulk = useBulkModerate();

  const decideOne = async (review: AdminReview, isApproved: boolean, reason?: string) => {
    await moderate.mutateAsync({ reviewId: review.id, isApproved, ...(reason === undefined ? {} : { reason }) });
    decided(1);
    selection.toggle(review.id, false);
  };
  const decideMany = async (reviewIds: string[], decision: 'approve' | 'reject', reason?: string) => {
    const answer = await bulk.mutateAsync({ reviewIds, decision, ...(reason === undefined ? {} : { reason }) });
    decided(answer.decided);
    selection.clear();
  };

  return {
    busy: moderate.isPending || bulk.isPending,
    rejecting,
    askToReject: setRejecting,
    cancelRejecting: () => setRejecting(null),
    approve: (review: AdminReview) => decideOne(review, true).catch(failed),
    approveSelected: () => decideMany([...selection.selected], 'approve').catch(failed),
    reject: async (reason: string) => {
      if (!rejecting) return;
      try {
        if (rejecting.kind === 'one') await decideOne(rejecting.review, false, reason);
        else await decideMany(rejecting.ids, 'reject', reason);
        setRejecting(null);
      } catch {
        failed();
      }
    },
  };
}
