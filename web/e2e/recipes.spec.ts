import { expect, test } from './fixtures';

/** Recipes have a place under Production; each opens its finished good's recipe, named in the breadcrumb. */
test('Production › Recipes lists the recipes; one opens its editor, the crumb naming the product', async ({ page }) => {
  await page.goto('/dashboard');
  const sidebar = page.locator('#app-sidebar');
  const link = sidebar.getByRole('link', { name: 'Recipes', exact: true });
  if (!(await link.isVisible())) await sidebar.getByRole('button', { name: 'Production' }).click();
  await link.click();
  await expect(page).toHaveURL(/\/production\/recipes$/);
  const first = page.getByTestId('recipes-list').getByRole('link').first();
  const name = (await first.textContent())!.trim();
  await first.click();
  await expect(page).toHaveURL(/\/production\/recipes\/\d+$/);
  await expect(page.getByTestId('recipe-editor')).toBeVisible();
  await expect(page.getByTestId('breadcrumb')).toHaveText(new RegExp(`Home\\s*Production\\s*Recipes\\s*${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`));
});
