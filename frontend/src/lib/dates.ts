const months = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/*
 * Dates in words as `toLocaleDateString('en-US', …)` writes them, without Intl: a page's first date
 * formatter loads the browser's locale data, which was 138 ms of the hotel page's hydration on a phone
 * at Lighthouse's 4x CPU (the reviews' stay dates), the same cost money.ts avoids for prices.
 */

/** "March 2026", for a month of a year (month 1-12). */
export function monthYear(year: number, month: number): string {
  return `${months[month - 1]} ${year}`;
}

/** "March 5, 2026": the day a moment falls on in the reader's time zone. */
export function longDate(moment: Date): string {
  return `${months[moment.getMonth()]} ${moment.getDate()}, ${moment.getFullYear()}`;
}
