import { useState } from 'react';

/** Copies text to the clipboard, and says how it went: copied, failed (then the reader selects and copies it), or not yet. */
export function useCopy(): { copied: 'copied' | 'failed' | null; copy: (text: string) => void } {
  const [copied, setCopied] = useState<'copied' | 'failed' | null>(null);
  const copy = (text: string) => {
    navigator.clipboard.writeText(text).then(
      () => setCopied('copied'),
      () => setCopied('failed'),
    );
  };
  return { copied, copy };
}
