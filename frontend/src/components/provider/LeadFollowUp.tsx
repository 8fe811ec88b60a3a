import { useId, useState } from 'react';
import type { ProviderLead } from '@reproute/contracts';
import { useLeadDetails } from '@/api/leadFollowUp';
import { serverMessageOr } from '@/api/request';
import { Button } from '@/components/ui/Button';
import { useSession } from '@/hooks/useSession';
import { toast } from '@/store/toast';

/** A lead's note (the hotel's own, never emailed) and who of the team took it: "Take lead" / "Give back". */
export function LeadFollowUp({ lead, customer }: { lead: ProviderLead; customer: string }) {
  const { user } = useSession();
  const save = useLeadDetails();
  const [note, setNote] = useState(lead.note ?? '');
  const mine = lead.assignee !== null && lead.assignee.id === user?.id;
  const failed = (error: unknown) => toast({ title: 'Not saved', description: serverMessageOr(error, 'Please try again.'), variant: 'destructive' });
  // The inbox draws a lead twice (cards for phones, the table from tablets): each its own id.
  const noteId = useId();
  return (
    <div className="grid min-w-0 gap-2" data-testid="lead-follow-up">
      <p className="text-sm text-slate-700" data-testid="lead-assignee">
        {lead.assignee ? <>Taken by <span className="font-semibold break-all">{mine ? 'you' : lead.assignee.email}</span></> : 'Nobody has taken this lead yet'}
      </p>
      <div className="flex flex-wrap gap-2">
        <Button
          size="sm"
          variant="outline"
          disabled={save.isPending}
          onClick={() => save.mutate({ id: lead.id, body: { assignee: mine ? null : 'me' } }, { onError: failed })}
        >
          {mine ? 'Give back' : 'Take lead'}
        </Button>
      </div>
      <label htmlFor={noteId} className="text-xs font-medium text-slate-600">
        Note on the lead from {customer} (only your team sees it)
      </label>
      <textarea
        id={noteId}
        value={note}
        maxLength={2000}
        rows={2}
        onChange={(event) => setNote(event.target.value)}
        className="block w-full min-w-0 rounded-xl border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 focus:border-ocean-500 focus:ring-2 focus:ring-ocean-500/25 focus:outline-none"
      />
      {note !== (lead.note ?? '') ? (
        <div>
          <Button
            size="sm"
            disabled={save.isPending}
            onClick={() => save.mutate({ id: lead.id, body: { note: note.trim() === '' ? null : note } }, { onError: failed, onSuccess: () => toast({ title: 'Note saved' }) })}
          >
            Save note
          </Button>
        </div>
      ) : null}
    </div>
  );
}
