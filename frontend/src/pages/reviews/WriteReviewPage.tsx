import { ComingSoon } from '@/components/ComingSoon';

/** Placeholder: replaced wholesale by the provider/admin/static pages issue. */
export default function WriteReviewPage() {
  return <ComingSoon title="Write a Review" description="Share how the gym measured up. Reviews are published after moderation within 24-48 hours." />;
}
