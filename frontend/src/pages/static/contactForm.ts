import type { ContactRequest, inquiryTypes } from '@reproute/contracts';

export type InquiryType = (typeof inquiryTypes)[number];

export const inquiryTypeLabels: Record<InquiryType, string> = {
  general: 'General Inquiry',
  booking: 'Booking Help',
  provider: 'Hotel Provider',
  partnership: 'Partnership',
  technical: 'Technical Support',
  feedback: 'Feedback',
};

export interface ContactFormValues {
  name: string;
  email: string;
  subject: string;
  message: string;
  inquiryType: InquiryType;
}

export const emptyContactForm: ContactFormValues = { name: '', email: '', subject: '', message: '', inquiryType: 'general' };

/** Name, email and message are required, each checked after trimming (document 2, section 5). */
export function missingContactFields(values: ContactFormValues): Array<'name' | 'email' | 'message'> {
  return (['name', 'email', 'message'] as const).filter((field) => values[field].trim() === '');
}

export function toContactRequest(values: ContactFormValues): ContactRequest {
  const subject = values.subject.trim();
  return {
    name: values.name.trim(),
    email: values.email.trim(),
    subject: subject === '' ? undefined : subject,
    message: values.message.trim(),
    inquiryType: values.inquiryType,
  };
}
