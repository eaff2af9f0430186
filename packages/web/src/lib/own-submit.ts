import type { FormEvent } from 'react';

/**
 * A form's submit handler that answers only its own form's submit. Dialogs are portals, but React
 * lets their events bubble through the component tree: a record dialog opened from a citation
 * opened from the event editor lies inside both their forms, and its submit would save the
 * citation and the event too, with their unsaved edits (issue 19 item 2). The submit of a form
 * inside this one is ignored here and stopped from going further up.
 */
export function ownSubmit(handler: () => void) {
  return (event: FormEvent<HTMLFormElement>) => {
    event.stopPropagation();
    if (event.target !== event.currentTarget) return;
    event.preventDefault();
    handler();
  };
}
