import { useState, type FormEvent } from 'react';
import { Clock, Mail, MapPin, Phone, Send } from 'lucide-react';
import { inquiryTypes } from '@reproute/contracts';
import { useSendContactMessage } from '@/api/contact';
import { ApiError } from '@/api/request';
import { SelectField } from '@/components/provider/FormControls';
import { StaticHero } from '@/components/static/StaticHero';
import { Button } from '@/components/ui/Button';
import { TextAreaField, TextField } from '@/components/ui/Field';
import { Card, Container } from '@/components/ui/Misc';
import { useDocumentTitle } from '@/hooks/useDocumentTitle';
import { pageTitles } from '@/site/titles';
import { toast } from '@/store/toast';
import { emptyContactForm, inquiryTypeLabels, missingContactFields, toContactRequest, type ContactFormValues, type InquiryType } from './contactForm';

const responseTimes = [
  { label: 'General inquiries', time: 'Same day' },
  { label: 'Technical support', time: '4-6 hours' },
  { label: 'Partnerships', time: 'Within 48 hours' },
];

/** /contact-us: the contact form (sent to support by email) and how to reach us. */
export default function ContactUsPage() {
  useDocumentTitle(pageTitles.contactUs);
  const send = useSendContactMessage();
  const [values, setValues] = useState<ContactFormValues>(emptyContactForm);
  const [missing, setMissing] = useState<string[]>([]);
  const set = (field: keyof ContactFormValues) => (event: { target: { value: string } }) => setValues((v) => ({ ...v, [field]: event.target.value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const blank = missingContactFields(values);
    setMissing(blank);
    if (blank.length > 0) {
      toast({ title: 'Missing Information', description: 'Please fill in all required fields.', variant: 'destructive' });
      return;
    }
    try {
      await send.mutateAsync(toContactRequest(values));
    } catch (error) {
      toast({
        title: 'Error',
        description: error instanceof ApiError && error.body?.message ? error.body.message : 'Failed to send message. Please try again.',
        variant: 'destructive',
      });
      return;
    }
    toast({ title: 'Message Sent', description: "Thank you for contacting us! We'll get back to you within 24 hours." });
    setValues(emptyContactForm);
  };

  const requiredError = (field: string) => (missing.includes(field) ? 'This field is required' : undefined);

  return (
    <>
      <StaticHero eyebrow={<><Mail aria-hidden className="h-4 w-4" /> Contact Us</>} title="We're here to help.">
        <p>Questions about a hotel, your account or listing your property? Send us a message and we'll get back to you within 24 hours.</p>
      </StaticHero>
      <Container className="grid gap-8 py-12 sm:py-16 lg:grid-cols-[1fr_380px]">
        <Card className="p-5 sm:p-8">
          <h2 className="text-2xl font-bold text-slate-900">Send us a message</h2>
          <p className="mt-1 text-sm text-slate-600">Name, email and message are required.</p>
          <form onSubmit={(e) => void submit(e)} className="mt-6 grid gap-5 sm:grid-cols-2" aria-label="Contact form">
            <TextField label="Name" name="name" autoComplete="name" aria-required value={values.name} onChange={set('name')} error={requiredError('name')} />
            <TextField label="Email" name="email" type="email" autoComplete="email" aria-required value={values.email} onChange={set('email')} error={requiredError('email')} />
            <SelectField label="Inquiry type" name="inquiryType" value={values.inquiryType} onChange={(e) => setValues((v) => ({ ...v, inquiryType: e.target.value as InquiryType }))}>
              {inquiryTypes.map((type) => (
                <option key={type} value={type}>
                  {inquiryTypeLabels[type]}
                </option>
              ))}
            </SelectField>
            <TextField label="Subject (optional)" name="subject" value={values.subject} onChange={set('subject')} maxLength={200} />
            <TextAreaField label="Message" name="message" className="sm:col-span-2" rows={6} aria-required value={values.message} onChange={set('message')} maxLength={5000} error={requiredError('message')} />
            <div className="sm:col-span-2">
              <Button type="submit" size="lg" disabled={send.isPending} className="w-full sm:w-auto">
                <Send aria-hidden className="h-5 w-5" />
                {send.isPending ? 'Sending...' : 'Send Message'}
              </Button>
            </div>
          </form>
        </Card>

        <aside className="space-y-4">
          <Card className="p-6">
            <h2 className="text-lg font-bold text-slate-900">Contact information</h2>
            <ul className="mt-4 space-y-3 text-sm text-slate-700">
              <li className="flex gap-3">
                <Mail aria-hidden className="h-5 w-5 shrink-0 text-brand-600" />
                <a className="font-medium text-ocean-700 underline" href="mailto:support@reproute.example">
                  support@reproute.example
                </a>
              </li>
              <li className="flex gap-3">
                <Phone aria-hidden className="h-5 w-5 shrink-0 text-brand-600" />
                <a className="font-medium text-ocean-700 underline" href="tel:+12125550100">
                  +1 (212) 555-0100
                </a>
              </li>
              <li className="flex gap-3">
                <MapPin aria-hidden className="h-5 w-5 shrink-0 text-brand-600" />
                <span>350 Fifth Avenue, New York, NY 10118</span>
              </li>
            </ul>
          </Card>
          <Card className="p-6">
            <h2 className="flex items-center gap-2 text-lg font-bold text-slate-900">
              <Clock aria-hidden className="h-5 w-5 text-brand-600" /> Support hours (EST)
            </h2>
            <dl className="mt-4 space-y-2 text-sm">
              {[
                ['Monday - Friday', '9:00 AM - 6:00 PM'],
                ['Saturday', '10:00 AM - 4:00 PM'],
                ['Sunday', 'Closed'],
              ].map(([day, hours]) => (
                <div key={day} className="flex justify-between gap-4">
                  <dt className="text-slate-600">{day}</dt>
                  <dd className="font-medium text-slate-900">{hours}</dd>
                </div>
              ))}
            </dl>
          </Card>
          <Card className="p-6">
            <h2 className="text-lg font-bold text-slate-900">Response times</h2>
            <p className="mt-1 text-sm text-slate-600">We answer every message within 24 hours.</p>
            <dl className="mt-4 space-y-2 text-sm">
              {responseTimes.map(({ label, time }) => (
                <div key={label} className="flex justify-between gap-4">
                  <dt className="text-slate-600">{label}</dt>
                  <dd className="font-medium text-slate-900">{time}</dd>
                </div>
              ))}
            </dl>
          </Card>
        </aside>
      </Container>
    </>
  );
}
