import { useLayoutEffect, useRef, useState } from 'react';
import { FormAlert } from '../../components/FormAlert';

/** What the admin just did, said once in the page; `isFocused` when the control used has left the page. */
export type TActionNotice = { text: string; serial: number; isFocused: boolean };

/** The notice of the last action, and how to say the next one. */
export function useActionNotice() {
  const [notice, setNotice] = useState<TActionNotice | null>(null);
  return {
    notice,
    say: (text: string, isFocused: boolean) =>
      setNotice((current) => ({ text, serial: (current?.serial ?? 0) + 1, isFocused })),
  };
}

/**
 * What the admin just did ("Service record withdrawn"), announced politely. With `isFocused` it takes the focus,
 * for when the button that was used has left the page (a withdrawn record has no Delete button).
 */
export function ActionNotice({ notice }: { notice: TActionNotice | null }) {
  const ref = useRef<HTMLDivElement>(null);
  // In the same commit that removes the control that was used: the focus never rests on the page's body meanwhile
  // (a passive effect would run a moment later, and a screen reader could announce the body first).
  useLayoutEffect(() => {
    if (notice?.isFocused) ref.current?.focus();
  }, [notice]);
  if (!notice) return null;
  return (
    <div ref={ref} tabIndex={-1} className="admin-notice" key={notice.serial}>
      <FormAlert tone="success">{notice.text}</FormAlert>
    </div>
  );
}
