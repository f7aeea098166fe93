import { useState } from 'react';

/** Which of several panels are open (an accordion's sections, the checklist's categories), each toggled on its own. */
export function useOpenSet(initiallyOpen: readonly string[] = []) {
  const [open, setOpen] = useState<ReadonlySet<string>>(() => new Set(initiallyOpen));

  function toggle(key: string) {
    setOpen((current) => {
      const next = new Set(current);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });
  }

  /** The props of the button that opens and closes one panel, by the panel's id. */
  function bindTrigger(key: string, panelId: string) {
    return {
      type: 'button' as const,
      'aria-expanded': open.has(key),
      'aria-controls': panelId,
      onClick: () => toggle(key),
    };
  }

  return { isOpen: (key: string) => open.has(key), bindTrigger };
}
