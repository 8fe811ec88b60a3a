import { useState } from 'react';
import { Link } from 'react-router-dom';
import { BookOpen, ChevronDown, LifeBuoy, Mail, MessageSquare, Search, SearchX, X } from 'lucide-react';
import { StaticHero } from '@/components/static/StaticHero';
import { Button } from '@/components/ui/Button';
import { Container } from '@/components/ui/Misc';
import { useDocumentTitle } from '@/hooks/useDocumentTitle';
import { pageTitles } from '@/site/titles';
import { faqCategories, filterFaq } from './helpCenterFaq';

/** /help-center: searchable FAQ in four categories, contact cards and a way to reach support. */
export default function HelpCenterPage() {
  useDocumentTitle(pageTitles.helpCenter);
  const [search, setSearch] = useState('');
  const results = filterFaq(faqCategories, search);
  const searching = search.trim() !== '';

  return (
    <>
      <StaticHero eyebrow={<><LifeBuoy aria-hidden className="h-4 w-4" /> Help Center</>} title="How can we help?">
        <p>Answers about finding hotels, booking, gym facilities and listing your property.</p>
        <div className="relative mt-6 max-w-xl">
          <Search aria-hidden className="pointer-events-none absolute top-1/2 left-4 h-5 w-5 -translate-y-1/2 text-slate-500" />
          <label htmlFor="faq-search" className="sr-only">
            Search the help center
          </label>
          <input
            id="faq-search"
            type="search"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            placeholder="Search questions and answers"
            className="h-14 w-full rounded-2xl border-0 bg-white pr-12 pl-12 text-base text-slate-900 shadow-lg placeholder:text-slate-500 focus:ring-4 focus:ring-brand-500/40 focus:outline-none"
          />
          {searching ? (
            <button type="button" aria-label="Clear search" onClick={() => setSearch('')} className="absolute top-1/2 right-3 -translate-y-1/2 rounded-full p-1.5 text-slate-500 hover:bg-slate-100">
              <X aria-hidden className="h-5 w-5" />
            </button>
          ) : null}
        </div>
      </StaticHero>

      <Container className="py-12 sm:py-16">
        <div className="grid gap-4 md:grid-cols-3">
          <ContactCard icon={<Mail aria-hidden className="h-6 w-6" />} title="Email Support" text="support@reproute.example. We reply within 24 hours." action={<a className="font-semibold text-ocean-700 underline" href="mailto:support@reproute.example">Send an email</a>} />
          <ContactCard icon={<MessageSquare aria-hidden className="h-6 w-6" />} title="Contact Form" text="Tell us what you need and the right team will answer." action={<Link className="font-semibold text-ocean-700 underline" to="/contact-us">Open the contact form</Link>} />
          <ContactCard icon={<BookOpen aria-hidden className="h-6 w-6" />} title="Browse FAQs" text="Common questions from travellers and hotel providers." action={<a className="font-semibold text-ocean-700 underline" href="#faq">Jump to the FAQ</a>} />
        </div>

        <section id="faq" aria-labelledby="faq-heading" className="mt-14 scroll-mt-24">
          <div className="flex flex-wrap items-end justify-between gap-3">
            <h2 id="faq-heading" className="text-3xl font-bold text-slate-900">
              Frequently Asked Questions
            </h2>
            {searching ? (
              <p className="text-sm text-slate-600" aria-live="polite">
                {results.reduce((n, c) => n + c.entries.length, 0)} results for "{search.trim()}"
              </p>
            ) : null}
          </div>
          {results.length === 0 ? (
            <div className="mt-6 flex flex-col items-center rounded-3xl border border-dashed border-slate-300 bg-white px-6 py-14 text-center" data-testid="faq-empty">
              <SearchX aria-hidden className="h-10 w-10 text-slate-400" />
              <h3 className="mt-3 text-xl font-bold text-slate-900">No results found</h3>
              <p className="mt-1 text-slate-600">Try other words, or ask our support team.</p>
              <Button className="mt-5" variant="outline" onClick={() => setSearch('')}>
                Clear Search
              </Button>
            </div>
          ) : (
            <div className="mt-6 grid gap-8 lg:grid-cols-2">
              {results.map((category) => (
                <section key={category.id} aria-labelledby={`faq-${category.id}`}>
                  <h3 id={`faq-${category.id}`} className="text-lg font-bold text-slate-900">
                    {category.title}
                  </h3>
                  <ul className="mt-3 space-y-2">
                    {category.entries.map((entry) => (
                      <li key={entry.question}>
                        <details open={searching || undefined} className="group rounded-xl border border-slate-200 bg-white px-4 py-3 shadow-sm" data-testid="faq-entry">
                          <summary className="flex cursor-pointer list-none items-center justify-between gap-3 font-semibold text-slate-900 [&::-webkit-details-marker]:hidden">
                            {entry.question}
                            <ChevronDown aria-hidden className="h-4 w-4 shrink-0 text-slate-500 transition-transform group-open:rotate-180" />
                          </summary>
                          <p className="mt-2 text-sm leading-relaxed text-slate-700">{entry.answer}</p>
                        </details>
                      </li>
                    ))}
                  </ul>
                </section>
              ))}
            </div>
          )}
        </section>

        <section className="mt-16 flex flex-col items-center rounded-3xl bg-slate-900 px-6 py-12 text-center text-white">
          <h2 className="text-2xl font-bold">Still need help?</h2>
          <p className="mt-2 max-w-md text-white/85">Our support team answers within 24 hours, Monday to Saturday.</p>
          <Button asChild className="mt-6" size="lg">
            <Link to="/contact-us">Contact Support</Link>
          </Button>
        </section>
      </Container>
    </>
  );
}

function ContactCard({ icon, title, text, action }: { icon: React.ReactNode; title: string; text: string; action: React.ReactNode }) {
  return (
    <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
      <span className="flex h-11 w-11 items-center justify-center rounded-xl bg-brand-50 text-brand-600">{icon}</span>
      <h2 className="mt-4 text-lg font-bold text-slate-900">{title}</h2>
      <p className="mt-1 text-sm text-slate-600">{text}</p>
      <p className="mt-3 text-sm">{action}</p>
    </div>
  );
}
