import { Trans } from '@lingui/react/macro';
import { receiptPdfUrl } from '@/lib/api/documents-endpoints';
import { useLanguage } from '@/lib/use-language';

/** The download of a payment's receipt as a PDF, in the reader's language. */
export function ReceiptLink({ confirmationNumber }: { confirmationNumber: string }) {
  const language = useLanguage();
  return (
    <a href={receiptPdfUrl(confirmationNumber, language)} download>
      {/* The number is for screen readers, whose list of links would otherwise repeat one name. */}
      <Trans>
        Download receipt <span className="visually-hidden">{confirmationNumber}</span> (PDF)
      </Trans>
    </a>
  );
}
