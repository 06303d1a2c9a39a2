/**
 * A Yes/No question that, on Yes, reveals repeatable rows with '+ Add another'
 * (journey-spec §4). The rules (No clears the rows, Yes starts with one) live in
 * the machine; this view only sends the intents.
 */
import { useEffect, useRef, type ReactNode } from 'react';
import type { RowField, RowListKey, RowTypes } from '../../machines/journey-answers';
import { useJourney, useJourneySend } from '../actor-context';
import { ROW_LIST_WORDS as W } from '../messages';
import { YesNo } from './fields';

export interface RowListProps<K extends RowListKey> {
  list: K;
  question: string;
  /** What one row is called ('Asset', 'Debt'), used in its legend and its Remove button. */
  itemLabel: string;
  renderRow: (row: RowTypes[K], set: (field: RowField<K>, value: string) => void) => ReactNode;
}

export function RowList<K extends RowListKey>({ list, question, itemLabel, renderRow }: RowListProps<K>) {
  const answer = useJourney((s) => s.context.answers[list].answer);
  const rows = useJourney((s) => s.context.answers[list].rows) as unknown as (RowTypes[K] & { id: number })[];
  const send = useJourneySend();
  const container = useRef<HTMLDivElement>(null);
  const focusNewRow = useRef(false);
  const addButton = useRef<HTMLButtonElement>(null);

  // After '+ Add another', put the cursor in the new row's first field.
  useEffect(() => {
    if (!focusNewRow.current) return;
    focusNewRow.current = false;
    const last = container.current?.querySelectorAll<HTMLElement>('[data-part="row"]');
    last?.[last.length - 1]?.querySelector<HTMLElement>('input, select')?.focus();
  }, [rows.length]);

  return (
    <>
      <YesNo legend={question} legendHidden value={answer} onChange={(value) => send({ type: 'TOGGLE.SET', toggle: list, value })} />
      {answer === 'yes' && (
        <div className="rows" ref={container}>
          {rows.length === 0 && <p className="rows__empty">{W.empty(itemLabel)}</p>}
          {rows.map((row, i) => (
            <fieldset className="row" data-part="row" key={row.id}>
              <legend>{W.legend(itemLabel, i + 1)}</legend>
              <div className="row__fields">
                {renderRow(row, (field, value) => send({ type: 'ROWS.UPDATE', list, id: row.id, field, value } as never))}
              </div>
              <button
                type="button"
                className="button button--text row__remove"
                onClick={() => {
                  send({ type: 'ROWS.REMOVE', list, id: row.id } as never);
                  addButton.current?.focus();
                }}
              >
                {W.remove(itemLabel, i + 1)}
              </button>
            </fieldset>
          ))}
          <button
            type="button"
            ref={addButton}
            className="button button--secondary"
            onClick={() => {
              focusNewRow.current = true;
              send({ type: 'ROWS.ADD', list });
            }}
          >
            {W.add}
          </button>
        </div>
      )}
    </>
  );
}
