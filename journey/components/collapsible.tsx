/** A section that toggles open and closed (journey-spec §4): a disclosure button and its region. */
import { useId, useState, type ReactNode } from 'react';

export function Collapsible({ title, children, defaultOpen = false }: { title: string; children: ReactNode; defaultOpen?: boolean }) {
  const [open, setOpen] = useState(defaultOpen);
  const id = useId();
  return (
    <section className="collapsible" data-open={open || undefined}>
      <h2 className="collapsible__heading">
        <button type="button" className="collapsible__toggle" aria-expanded={open} aria-controls={id} onClick={() => setOpen(!open)}>
          <span>{title}</span>
          <span className="collapsible__icon" aria-hidden="true" />
        </button>
      </h2>
      <div id={id} className="collapsible__body" hidden={!open}>
        {children}
      </div>
    </section>
  );
}
