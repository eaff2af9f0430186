import type { Page } from 'playwright-core';

/**
 * The error a form shows under a field (by the field's test id), once the field is marked invalid:
 * the text of the element its `aria-describedby` names as the error.
 */
export async function fieldError(page: Page, testId: string): Promise<string> {
  await page.locator(`[data-testid="${testId}"][aria-invalid="true"]`).waitFor();
  const describedBy = (await page.getByTestId(testId).getAttribute('aria-describedby')) ?? '';
  const errorId = describedBy.split(' ').find((id) => id.endsWith('-error'));
  if (!errorId) throw new Error(`The field ${testId} names no error element`);
  return (await page.locator(`[id="${errorId}"]`).textContent()) ?? '';
}

/** Whether the field (by its test id) is marked invalid right now. */
export async function isInvalid(page: Page, testId: string): Promise<boolean> {
  return (await page.getByTestId(testId).getAttribute('aria-invalid')) === 'true';
}
