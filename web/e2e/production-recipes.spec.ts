import { expect, test } from './fixtures';

/** Recipes have a place under Production; each opens its finished good's recipe, named in the breadcrumb. */
test('Production › Recipes lists the recipes; one opens its editor, the crumb naming the product', async ({ page }) => {
  await page.goto('/dashboard');
  const sidebar = page.locator('#app-sidebar');
  const link = sidebar.getByRole('link', { name: 'Recipes', exact: true });
  // The group opens (it is closed outside its pages) before its link is clicked.
  const group = sidebar.getByRole('button', { name: 'Production' });
  if ((await group.getAttribute('aria-expanded')) !== 'true') await group.click();
  await expect(group).toHaveAttribute('aria-expanded', 'true');
  await expect(link).toBeVisible();
  await link.click();
  await expect(page).toHaveURL(/\/production\/recipes$/);
  const first = page.getByTestId('recipes-list').getByRole('link').first();
  const name = (await first.textContent())!.trim();
  await first.click();
  await expect(page).toHaveURL(/\/production\/recipes\/\d+$/);
  await expect(page.getByTestId('recipe-editor')).toBeVisible();
  await expect(page.getByTestId('breadcrumb')).toHaveText(new RegExp(`Home\\s*Production\\s*Recipes\\s*${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`));
});
