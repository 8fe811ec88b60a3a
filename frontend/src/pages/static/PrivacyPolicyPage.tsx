import { ComingSoon } from '@/components/ComingSoon';

/** Placeholder: replaced wholesale by the provider/admin/static pages issue. */
export default function PrivacyPolicyPage() {
  return <ComingSoon title="Privacy Policy" description="How RepRoute collects and uses your information." />;
}
