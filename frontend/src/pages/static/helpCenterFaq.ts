export interface FaqEntry {
  question: string;
  answer: string;
}

export interface FaqCategory {
  id: string;
  title: string;
  entries: FaqEntry[];
}

/** The help centre's FAQ, in the four categories of document 2. */
export const faqCategories: FaqCategory[] = [
  {
    id: 'getting-started',
    title: 'Getting Started',
    entries: [
      { question: 'What is RepRoute?', answer: 'RepRoute is a directory of hotels with gyms worth training in. Search by city and filter by the equipment you need, then book directly with the hotel.' },
      { question: 'Do I need an account to search hotels?', answer: 'No. Anyone can search and browse hotels. An account lets you save favourites and write reviews.' },
      { question: 'How do I create an account?', answer: 'Choose Join Now at the top of any page, enter your name, email and a password, then complete your profile or skip it for later.' },
      { question: 'Is RepRoute free to use?', answer: 'Yes. Searching, saving favourites and writing reviews are free for travellers, and listing a hotel is free for providers.' },
    ],
  },
  {
    id: 'booking',
    title: 'Booking & Reservations',
    entries: [
      { question: 'Can I book a room on RepRoute?', answer: 'We do not take bookings or payments. Book Now sends you to the hotel or its booking partner, where you complete your reservation.' },
      { question: 'Why did the hotel contact me after I clicked Book Now?', answer: 'Only if you ticked "Share my name and email with the hotel so they can contact me" in the booking dialog: we then send the hotel your name and email, the dates and guests you chose, and the booking reference. Left unticked, the hotel gets nothing about you from us.' },
      { question: 'How do I cancel or change a reservation?', answer: 'Contact the hotel or the booking partner you booked with. They hold your reservation and its cancellation policy.' },
      { question: 'Are the prices shown final?', answer: 'Prices are a nightly guide in the hotel\'s currency. The final price, taxes and availability are shown on the hotel\'s booking site.' },
    ],
  },
  {
    id: 'fitness',
    title: 'Fitness Facilities',
    entries: [
      { question: 'How do you check gym equipment?', answer: 'Providers list their equipment and our team reviews every listing before it goes live. Traveller reviews include a separate gym rating.' },
      { question: 'What do On-site Gym, Gym Partnership and Nearby Gyms mean?', answer: 'On-site means the gym is in the hotel. A partnership gives guests access to a partner gym. Nearby means good gyms are within easy reach.' },
      { question: 'Can I filter hotels by equipment like squat racks or saunas?', answer: 'Yes. On the search page choose equipment in the Strength Training, Cardio Equipment, Specialty Equipment and Recovery & Wellness groups.' },
      { question: 'Are gyms open 24 hours?', answer: 'Opening hours vary by hotel and are shown on the hotel page when the hotel provides them.' },
    ],
  },
  {
    id: 'providers',
    title: 'For Hotel Providers',
    entries: [
      { question: 'How do I list my hotel?', answer: 'Set up a provider account with your company name and business phone, then add your hotel from the provider dashboard.' },
      { question: 'How long does listing approval take?', answer: 'Our team reviews every new listing within 2-3 business days. We email you as soon as it is approved.' },
      { question: 'How do I receive leads?', answer: 'Leads are emailed to your listing\'s contact email and appear in the Lead Analytics tab of your provider dashboard.' },
      { question: 'What does it cost to list a hotel?', answer: 'Listing is free. We earn a referral commission on completed bookings; see the partner hotels page for the tiers.' },
    ],
  },
];

/** FAQ entries whose question or answer contains the search text (case-insensitive); empty categories dropped. */
export function filterFaq(categories: FaqCategory[], search: string): FaqCategory[] {
  const term = search.trim().toLowerCase();
  if (!term) return categories;
  return categories
    .map((category) => ({
      ...category,
      entries: category.entries.filter((e) => e.question.toLowerCase().includes(term) || e.answer.toLowerCase().includes(term)),
    }))
    .filter((category) => category.entries.length > 0);
}
