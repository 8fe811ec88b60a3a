import { ComingSoon } from '@/components/ComingSoon';

/** Placeholder: replaced wholesale by the provider/admin/static pages issue. */
export default function CookiePreferencesPage() {
  return <ComingSoon title="Cookie Preferences" description="Choose which cookies RepRoute may use." />;
}
