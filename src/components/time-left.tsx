import { Plural, Trans } from '@lingui/react/macro';

/** A duration as the reader's language says it: "1 minute 47 seconds", "1 minuto y 47 segundos". */
export function TimeLeft({ seconds: total }: { seconds: number }) {
  const minutes = Math.floor(total / 60);
  const seconds = total % 60;
  let text;
  if (minutes === 0) text = <Plural value={seconds} one="# second" other="# seconds" />;
  else if (seconds === 0) text = <Plural value={minutes} one="# minute" other="# minutes" />;
  else {
    text = (
      <Trans>
        <Plural value={minutes} one="# minute" other="# minutes" /> <Plural value={seconds} one="# second" other="# seconds" />
      </Trans>
    );
  }
  return <time dateTime={`PT${String(minutes)}M${String(seconds)}S`}>{text}</time>;
}
