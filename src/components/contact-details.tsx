import { Trans } from '@lingui/react/macro';
import type { OpeningHours } from '@contracts/payments';
import { timeOfDay, timeZoneName, weekdayName } from '@/lib/format';
import { useLanguage } from '@/lib/use-language';

/** "Monday to Friday, 8:00 AM to 6:00 PM (Central Time)", in the reader's language. */
export function OpeningHoursText({ hours }: { hours: OpeningHours }) {
  const locale = useLanguage();
  const fromDay = weekdayName(hours.fromDay, locale);
  const toDay = weekdayName(hours.toDay, locale);
  const opens = timeOfDay(hours.opens, locale);
  const closes = timeOfDay(hours.closes, locale);
  const zone = timeZoneName(hours.timeZone, locale);
  return (
    <p>
      <Trans>
        Open {fromDay} to {toDay}, {opens} to {closes} ({zone}).
      </Trans>
    </p>
  );
}

/** A phone number as a link that dials it. */
export function PhoneLink({ number }: { number: string }) {
  return <a href={`tel:${number.replace(/[^\d+]/g, '')}`}>{number}</a>;
}

/** A postal address, one line each. */
export function PostalAddress({ lines }: { lines: readonly string[] }) {
  return (
    <address>
      {lines.map((line) => (
        <span key={line} className="address-line">
          {line}
        </span>
      ))}
    </address>
  );
}
