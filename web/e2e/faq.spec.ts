import { expect, test } from './fixtures';

// The FAQ every install starts with, searched on the server; an admin adds a question
// in English only, which Spanish then shows in English (marked), moves it up and
// deletes it after confirming.
test('FAQ: seeded questions, search, an English-only question in Spanish, reorder and delete', async ({ page }) => {
  await page.goto('/faq');
  await expect(page).toHaveURL(/\/faq$/);
  await expect(page.getByRole('heading', { level: 1, name: 'FAQ' })).toBeVisible();
  const entries = page.getByTestId('faq-entry');
  await expect(entries.first()).toBeVisible();
  expect(await entries.count()).toBeGreaterThanOrEqual(10);

  await page.getByRole('searchbox', { name: 'Search the FAQ' }).fill('recall');
  await expect(entries).toHaveCount(1);
  await page.getByRole('button', { name: /A batch is recalled/ }).click();
  await expect(page.getByText(/Its page is the recall view/)).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search the FAQ' }).fill('');
  await page.getByText('PINs', { exact: true }).click();
  await expect(page.getByRole('radio', { name: 'PINs' })).toBeChecked();
  await expect(entries).toHaveCount(2);
  await page.getByText('All', { exact: true }).click();

  // Its own word, so that a retry is not confused by what a failed try left.
  const word = `lorry${Date.now().toString(36)}`;
  const question = `How many pallets fit a ${word}?`;
  await page.getByRole('button', { name: 'Add question' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a question' });
  await dialog.getByLabel('Topic').selectOption('shipping');
  await dialog.getByTestId('faq-question-gb').fill(question);
  await dialog.getByTestId('faq-answer-gb').fill('Up to 26.\nDouble-stacked: 52.');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  const added = entries.filter({ hasText: question });
  await expect(added).toBeVisible();
  const total = await entries.count();
  await expect(entries.nth(total - 1)).toContainText(question);

  // Move it up one place.
  await added.getByRole('button', { name: question }).click();
  await added.getByRole('button', { name: `Move “${question}” up` }).click();
  await expect(entries.nth(total - 2)).toContainText(question);

  // Spanish: the seeded questions in Spanish, the new one in English, marked.
  await page.getByTestId('profile-menu').click();
  await page.getByTestId('change-language').click();
  await page.getByTestId('language-es').click();
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('FAQ');
  await expect(page.getByRole('button', { name: /¿Cómo fichan la entrada y la salida los empleados\?/ })).toBeVisible();
  const fallback = entries.filter({ hasText: question });
  await expect(fallback.getByTestId('faq-fallback')).toHaveText('English');
  // (still open from before the language changed)
  await expect(fallback.getByText('Aún sin traducir: se muestra en inglés.')).toBeVisible();
  await page.getByRole('searchbox').fill('palés');
  await expect(entries).toHaveCount(0);
  await expect(page.getByText('Ninguna pregunta coincide con la búsqueda.')).toBeVisible();
  await page.getByRole('searchbox').fill(word);
  await expect(entries).toHaveCount(1);
  await fallback.locator('[data-accordion-control]').click();

  // Delete, after confirming.
  await fallback.getByRole('button', { name: 'Eliminar' }).click();
  const confirm = page.getByRole('dialog', { name: '¿Eliminar esta pregunta?' });
  await confirm.getByRole('button', { name: 'Cancelar' }).click();
  await expect(entries).toHaveCount(1);
  await fallback.getByRole('button', { name: 'Eliminar' }).click();
  await confirm.getByRole('button', { name: 'Eliminar' }).click();
  await expect(entries).toHaveCount(0);
});
